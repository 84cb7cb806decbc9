package hostile

// Quote is an enum whose values need escaping.
type Quote string

const (
	// QuoteDouble is a double quote.
	QuoteDouble Quote = `"`
	// QuoteSingle is a single quote.
	QuoteSingle Quote = `'`
	// QuoteBackslash is a backslash.
	QuoteBackslash Quote = `\`
	// QuoteBacktick is a backtick.
	QuoteBacktick Quote = "`"
	// QuoteTemplate looks like a template substitution.
	QuoteTemplate Quote = "${x}"
	// QuoteLineSeparator is U+2028.
	QuoteLineSeparator Quote = "\u2028"
	// QuoteEmoji is an emoji.
	QuoteEmoji Quote = "🎉"
)

// Wide has values long enough that the union goes on a line of its own.
type Wide string

const (
	WideFirst  Wide = "the-first-value-of-wide"
	WideSecond Wide = "the-second-value-of-wide"
	WideThird  Wide = "the-third-value-of-wide"
	WideFourth Wide = "the-fourth-value"
)

// Tall has values long enough that the union takes one line per value.
type Tall string

const (
	TallFirst  Tall = "the-first-value-of-the-enum-tall"
	TallSecond Tall = "the-second-value-of-the-enum-tall"
	TallThird  Tall = "the-third-value-of-the-enum-tall"
	TallFourth Tall = "the-fourth-value-of-the-enum-tall"
	// TallLong is so long that its constant wraps too.
	TallLong Tall = "the-fifth-value-of-the-enum-tall-is-so-long-that-its-constant-does-not-fit-on-one-line-either"
)

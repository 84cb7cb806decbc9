package hostile

// CommentEnd has a doc comment that tries to end itself: */ and then /* opens one, **/ ends another.
// It also holds `backticks`, ${template} syntax, "double" and 'single' quotes, back\slashes and an
// @param tag. This line ends with spaces,
//
//	this line is a code block indented with a tab,
//
// here is a line separator: and here a paragraph separator: and the end.
const CommentEnd = "*/ alert('x') /*"

// Template looks like a template literal.
const Template = "`echo ${HOME}` and ${`nested`}"

// DoubleQuotes has more double quotes than single quotes: prettier writes it in single quotes.
const DoubleQuotes = `say "hi" and "bye"`

// SingleQuotes has single quotes only.
const SingleQuotes = "it's Bob's"

// BothQuotes has two double quotes and one single quote.
const BothQuotes = `"it's" x "y"`

// Backslashes are not escapes in the IDL source.
const Backslashes = `C:\Program Files\new\x41 \u2028 \`

// Controls are escaped.
const Controls = "tab\there\nnewline\r\x00nul\x07bell\x7fdel\u0085nel\u00a0nbsp\ufeffbom"

// LineSeparators end a line in JavaScript source, so they must be escaped in a string.
const LineSeparators = "a\u2028b\u2029c"

// Emoji stay as they are; the joiner inside the family is escaped, being invisible.
const Emoji = "🎉 family: 👨\u200d👩\u200d👧 flag: 🇫🇷 snowman: ☃"

// Bidi holds a right-to-left override, escaped so that the source shows the string as it is.
const Bidi = "abc\u202edef\u2066ghi"

// Invisible is a tag character outside the Basic Multilingual Plane.
const Invisible = "\U000e0001x"

// Combining keeps its combining accent.
const Combining = "e\u0301 and 日本語 and Ελληνικά"

// Empty is the empty string.
const Empty = ""

// Long is longer than a line: prettier puts it on the next line.
const Long = "This string is long enough that the constant declaration does not fit on one line of 120 columns, so it wraps."

// Script ends a script element.
const Script = "</script><!--"

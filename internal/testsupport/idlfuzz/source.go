package idlfuzz

import "math/rand/v2"

// A source makes the generator's choices. The generator never draws randomness itself: the same source
// gives the same tree, whether it reads fuzz input or a seeded PRNG.
type source interface {
	// n returns a choice in [0, k) for k ≥ 1.
	n(k int) int
	// text returns a string of up to max bytes, possibly empty: raw material for doc comments and
	// string values.
	text(max int) string
}

// bytesSource reads choices from fuzz input. Past the end of the input every choice is 0, and the
// generator makes 0 the plain, valid choice everywhere, so a short input is a small well-formed tree and
// the fuzzer's mutations of one byte change one decision.
type bytesSource struct{ data []byte }

func (s *bytesSource) byte() int {
	if len(s.data) == 0 {
		return 0
	}
	b := s.data[0]
	s.data = s.data[1:]
	return int(b)
}

func (s *bytesSource) n(k int) int {
	if k <= 1 {
		return 0
	}
	v := s.byte()
	if k > 256 {
		v = v<<8 | s.byte()
	}
	return v % k
}

// text takes a length byte, then that many bytes of input, as they are: the fuzzer's own bytes end up
// in comments and strings, which is where escaping bugs live.
func (s *bytesSource) text(max int) string {
	n := min(s.byte()%(max+1), len(s.data))
	t := string(s.data[:n])
	s.data = s.data[n:]
	return t
}

// randSource draws choices from a seeded PCG, for the property test's random valid trees.
type randSource struct{ r *rand.Rand }

func newRandSource(seed uint64) *randSource {
	return &randSource{r: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))}
}

func (s *randSource) n(k int) int {
	if k <= 1 {
		return 0
	}
	return s.r.IntN(k)
}

// text strings together pieces of hostile text.
func (s *randSource) text(max int) string {
	var t string
	for range s.r.IntN(3) {
		t += hostileText[s.r.IntN(len(hostileText))]
	}
	if len(t) > max {
		t = t[:max]
	}
	return t
}

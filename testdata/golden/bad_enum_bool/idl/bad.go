package bad

// Flag is a flag.
type Flag bool

// On is on.
const On Flag = true

package gostub

// FormatFallbacks is the number of stub files go/format laid out instead of package layout.
func FormatFallbacks() int64 { return formatFallbacks.Load() }

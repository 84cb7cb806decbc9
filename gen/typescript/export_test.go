package typescript

// UseTextTemplate makes the renderers execute the templates with text/template, the reference of the
// executor of execute.go, until restore is called.
func UseTextTemplate() (restore func()) {
	useTextTemplate.Store(true)
	return func() { useTextTemplate.Store(false) }
}

// Package hostile holds what could break the generated code: comment terminators and template syntax in
// doc comments and strings, quotes, backslashes, line separators, emoji, and names that mean something
// to TypeScript or JavaScript. */ (that was a comment terminator in the package doc).
package hostile

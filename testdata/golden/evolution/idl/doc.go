// Package evolve declares what earlier versions of a provider had: tokens that resources and functions
// had before they moved (formerly=), and state versions whose migrations the ops write (stateVersion=).
package evolve

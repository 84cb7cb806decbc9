// Package acme is the case's IDL.
package acme

// Package store exercises every contract option.
package store

import "github.com/cidlc/cidlc/idl"

// Engine is a database engine.
type Engine string

// The engines.
const (
	Postgres Engine = "postgres" // PostgreSQL
	MySQL    Engine = "mysql"    // MySQL
)

// Port is a TCP port.
type Port float64

// Database is a managed database.
type Database struct {
	idl.NamedResource
	// Storage in GiB.
	Size float64 `lumi:"min=10,max=65536,multipleOf=10,default=20"`
	// The port it listens on.
	Port Port `lumi:"exclusiveMin=0,exclusiveMax=65536,default=5432"`
	// The engine.
	Engine Engine `lumi:"default=postgres,replaces"`
	// The admin password.
	Password string `lumi:"secret,minLength=12,maxLength=128,in"`
	// A label.
	Label *string `lumi:"optional,pattern='^[a-z]{1,3}(-[a-z]{1,3})*$'"`
	// Allowed networks.
	CIDRs *[]string `lumi:"optional,minItems=1,maxItems=5,uniqueItems,items.pattern=^[0-9./]+$"`
	// Settings.
	Settings *map[string]float64 `lumi:"optional,minProperties=1,maxProperties=10,items.min=0"`
	// Use Size instead.
	Capacity *float64 `lumi:"optional,deprecated='use size, in GiB; capacity was in MB'"`
	// The connection string.
	URL *string `lumi:"out,secret"`
	// Whether backups run.
	Backups bool `lumi:"default=true"`
}

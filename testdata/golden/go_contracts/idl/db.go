// Package store exercises every contract option: constraints on every kind of value, at every depth,
// defaults, secrets, deprecations and immutable properties.
package store

import (
	"github.com/cidlc/cidlc/idl"

	"github.com/cidlc/cidlc/testdata/golden/go_contracts/idl/net"
)

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
	idl.NamedResource `lumi:"immutable"`
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
	// The time zone, with a comma in its default.
	TimeZone string `lumi:"default='UTC, the default'"`
	// The firewall rules: structs whose fields have contracts, in an array.
	Rules *[]net.Rule `lumi:"optional,maxItems=100"`
	// Rules of replicas by region: the same structs in a map.
	Replicas *map[string]net.Rule `lumi:"optional"`
	// The credentials of the monitoring agent: a secret struct whose fields have contracts.
	Credentials *Credentials `lumi:"optional,secret"`
	// The instance's UUID.
	InstanceUUID *string `lumi:"optional,pattern=^[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$"`
	// Grids of weights, each row not empty.
	Weights *[][]float64 `lumi:"optional,items.minItems=1"`
	// A secret input with a long name, for the layout of its assignment.
	ReplicationPasswordForTheStandbyDatabaseServers *string `lumi:"optional,secret,in,minLength=16"`
	// The character set of the database's text.
	Encoding string `lumi:"immutable,default=UTF8,minLength=1"`
	// How the database's text sorts.
	Collation *string `lumi:"optional,immutable,deprecated='set the collation of each column instead'"`
	// The key that encrypts the database at rest: a secret input, immutable.
	EncryptionKey *string `lumi:"optional,in,secret,immutable"`
	// An old knob with a long deprecation message.
	LegacyReplicationSlotConfiguration *string `lumi:"optional,deprecated='replication slots are managed by the service since version 2; remove this property from your program, or set replicas instead'"`
}

// Credentials are a user name and a token.
type Credentials struct {
	// The user.
	User string `lumi:"minLength=3"`
	// The token.
	Token string `lumi:"pattern=^tok-[0-9a-f]+$"`
}

// Parameters has only one input, with a contract.
type Parameters struct {
	idl.Resource
	// The number of parameters.
	Count float64 `lumi:"min=1"`
}

// Snapshot has no contracts at all: nothing to check.
type Snapshot struct {
	idl.Resource
	// The database.
	Database *Database
}

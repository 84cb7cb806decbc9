package postgresql

import "github.com/cidlc/cidlc/idl"

// Config is how the provider reaches the PostgreSQL server: where it is, who to log in as, and how.
// Each key falls back on the environment variable that libpq, psql and every PostgreSQL client read
// (PGHOST, PGPORT, PGUSER, PGPASSWORD, PGDATABASE, PGSSLMODE, PGCONNECT_TIMEOUT), then on libpq's
// default. The user should be a superuser, or a role with CREATEROLE and CREATEDB that is a member of
// the roles whose objects it manages.
//
// No key replaces the provider: one server has many names (localhost, 127.0.0.1, a DNS alias), and
// replacing the provider would drop and re-create every database it manages. A provider pointed at
// another server finds out at its next refresh that the resources are not there.
type Config struct {
	idl.Config
	// Host is the server's host name or IP address, or the directory of its Unix socket (a path that
	// starts with /).
	Host string `lumi:"env=PGHOST"`
	// Port is the server's TCP port (or the number in its Unix socket's name).
	Port int `lumi:"default=5432,env=PGPORT,min=1,max=65535"`
	// Username is the role the provider logs in as.
	Username string `lumi:"default=postgres,env=PGUSER"`
	// Password is the password of Username; leave it out where the server trusts the connection.
	Password *string `lumi:"optional,secret,env=PGPASSWORD"`
	// Database is the database the provider connects to for work on the whole server (roles,
	// databases). Schemas, grants and extensions name their own database.
	Database string `lumi:"default=postgres,env=PGDATABASE"`
	// SSLMode says whether and how the connection uses TLS, as libpq's sslmode does.
	SSLMode SSLMode `lumi:"sslmode,default=prefer,env=PGSSLMODE"`
	// ConnectTimeout is how many seconds a connection attempt may take before it fails; 0 waits
	// forever.
	ConnectTimeout int `lumi:"default=15,env=PGCONNECT_TIMEOUT,min=0"`
}

// SSLMode is how a connection uses TLS (libpq's sslmode).
type SSLMode string

const (
	// SSLModeDisable never uses TLS.
	SSLModeDisable SSLMode = "disable"
	// SSLModeAllow tries without TLS first, then with it.
	SSLModeAllow SSLMode = "allow"
	// SSLModePrefer tries TLS first, then without it.
	SSLModePrefer SSLMode = "prefer"
	// SSLModeRequire always uses TLS, without checking the server's certificate.
	SSLModeRequire SSLMode = "require"
	// SSLModeVerifyCA always uses TLS, and checks that a trusted authority signed the server's
	// certificate.
	SSLModeVerifyCA SSLMode = "verify-ca"
	// SSLModeVerifyFull always uses TLS, and checks the server's certificate and that it names the
	// host.
	SSLModeVerifyFull SSLMode = "verify-full"
)

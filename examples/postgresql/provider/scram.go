package postgresql

import (
	"crypto/hmac"
	"crypto/pbkdf2"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"

	"github.com/xdg-go/stringprep"
)

// Every password is hashed by the provider, as psql's \password does, and the server keeps the hash it
// is given (a SCRAM-SHA-256 verifier, RFC 5802 and 7677): the password itself never reaches the
// server, so it is in no statement the server logs (a statement that fails is logged whole) or shows
// in pg_stat_activity. The verifier is also how a refresh finds out that a password was changed
// outside Pulumi.
//
// SCRAM hashes a password as SASLprep (RFC 4013) prepares it, as the server and libpq do, so that a
// password outside ASCII logs in however its client wrote it (a non-breaking space, a full-width
// letter). saslprep follows PostgreSQL's own (src/common/saslprep.c) where it differs from the RFC.

// scramIterations is the PBKDF2 iteration count of the verifiers the provider makes: the server's
// default (scram_iterations).
const scramIterations = 4096

// saslprep is password as PostgreSQL prepares it for SCRAM (pg_saslprep): ASCII as it is, whatever
// it holds; otherwise SASLprep's result, or the password as it is when SASLprep refuses it (a
// prohibited or unassigned character, mixed directions, nothing left), so that every password can
// log in.
func saslprep(password string) string {
	ascii := true
	for i := 0; i < len(password); i++ {
		ascii = ascii && password[i] < 0x80
	}
	if ascii {
		return password
	}
	prepared, err := postgresSASLprep.Prepare(password)
	if err != nil || prepared == "" {
		return password
	}
	return prepared
}

// postgresSASLprep is SASLprep as PostgreSQL maps characters: a non-ASCII space to a space before
// anything to nothing, where the library does the reverse (U+200B, a zero-width space, is in both
// tables: a space to PostgreSQL, nothing to the library).
var postgresSASLprep = func() stringprep.Profile {
	p := stringprep.SASLprep
	spaces := stringprep.Mapping{}
	for _, r := range stringprep.TableC1_2 {
		for c := r[0]; c <= r[1]; c++ {
			spaces[c] = []rune{' '}
		}
	}
	p.Mappings = []stringprep.Mapping{spaces, stringprep.TableB1}
	return p
}()

// scramVerifier makes the verifier of password with a new random salt:
// SCRAM-SHA-256$<iterations>:<salt>$<StoredKey>:<ServerKey>.
func scramVerifier(password string) (string, error) {
	salt := make([]byte, 16)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	stored, server, err := scramKeys(password, salt, scramIterations)
	if err != nil {
		return "", err
	}
	b64 := base64.StdEncoding.EncodeToString
	return fmt.Sprintf("SCRAM-SHA-256$%d:%s$%s:%s", scramIterations, b64(salt), b64(stored), b64(server)), nil
}

// scramMatches reports whether verifier (pg_authid.rolpassword) is password's. ok is false when the
// verifier is not one this code can check.
func scramMatches(verifier, password string) (matches, ok bool) {
	method, rest, _ := strings.Cut(verifier, "$")
	params, keys, _ := strings.Cut(rest, "$")
	iterText, saltText, _ := strings.Cut(params, ":")
	storedText, serverText, _ := strings.Cut(keys, ":")
	iterations, err := strconv.Atoi(iterText)
	if method != "SCRAM-SHA-256" || err != nil {
		return false, false
	}
	salt, err := base64.StdEncoding.DecodeString(saltText)
	if err != nil {
		return false, false
	}
	stored, server, err := scramKeys(password, salt, iterations)
	if err != nil {
		return false, false
	}
	b64 := base64.StdEncoding.EncodeToString
	same := func(a, b string) bool { return subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1 }
	return same(b64(stored), storedText) && same(b64(server), serverText), true
}

// scramKeys derives the StoredKey and ServerKey of password.
func scramKeys(password string, salt []byte, iterations int) (stored, server []byte, err error) {
	salted, err := pbkdf2.Key(sha256.New, saslprep(password), salt, iterations, sha256.Size)
	if err != nil {
		return nil, nil, err
	}
	mac := func(msg string) []byte {
		h := hmac.New(sha256.New, salted)
		h.Write([]byte(msg))
		return h.Sum(nil)
	}
	clientKey := sha256.Sum256(mac("Client Key"))
	return clientKey[:], mac("Server Key"), nil
}

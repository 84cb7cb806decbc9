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
)

// Passwords are hashed by the provider, as psql's \password does, and the server keeps the hash it is
// given (a SCRAM-SHA-256 verifier, RFC 5802 and 7677): the password itself never reaches the server,
// so it is in no statement the server logs or shows in pg_stat_activity. The verifier is also how a
// refresh finds out that a password was changed outside Pulumi.
//
// A password of characters outside ASCII is the exception: SCRAM normalizes it first (SASLprep), which
// the server does and this code does not, so such a password is sent for the server to hash, and a
// refresh does not check it.

// scramIterations is the PBKDF2 iteration count of the verifiers the provider makes: the server's
// default (scram_iterations).
const scramIterations = 4096

// hashable says whether the provider hashes password itself: printable ASCII, which SASLprep leaves
// as it is.
func hashable(password string) bool {
	for i := 0; i < len(password); i++ {
		if password[i] < 0x20 || password[i] > 0x7e {
			return false
		}
	}
	return true
}

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
	salted, err := pbkdf2.Key(sha256.New, password, salt, iterations, sha256.Size)
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

package cloud

import (
	"os"
	"strings"
	"testing"
)

// TestTokens: the tokens NewToken makes and DemoToken are ones Acme Cloud accepts; a token a digit off,
// or of another shape, is not. The README's walk-through configures its stack with DemoToken.
func TestTokens(t *testing.T) {
	for _, token := range []string{NewToken(), NewToken(), DemoToken} {
		if !ValidToken(token) {
			t.Errorf("%s is not valid", token)
		}
	}
	off := DemoToken[:len(DemoToken)-1] + "b"
	for _, bad := range []string{off, "acme_", "acme_" + strings.Repeat("0", 32), strings.TrimPrefix(DemoToken, "acme_"), DemoToken + "0"} {
		if ValidToken(bad) {
			t.Errorf("%s is valid", bad)
		}
	}
	readme, err := os.ReadFile("../../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(readme), "pulumi config set --secret acme:apiToken "+DemoToken) {
		t.Errorf("the README does not set the stack's acme:apiToken to DemoToken")
	}
}

package cli

import "testing"

// TestUpdateCommand: the command --check names is the one that ran, without --check, as a shell reads it.
func TestUpdateCommand(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"idl/", "--out-pack=pack/", "--check"}, "cidlc idl/ --out-pack=pack/"},
		{[]string{"--check=true", "-v", "idl", "--out-pack", "my pack"}, "cidlc -v idl --out-pack 'my pack'"},
		{[]string{"idl", "--out-pack", "it's", "--name", ""}, `cidlc idl --out-pack 'it'\''s' --name ''`},
	} {
		if got := updateCommand(c.args); got != c.want {
			t.Errorf("updateCommand(%q) = %s, want %s", c.args, got, c.want)
		}
	}
}

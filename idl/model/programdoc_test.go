package model_test

import (
	"testing"

	"github.com/cidlc/cidlc/idl/model"
)

func TestProgramDoc(t *testing.T) {
	members := []*model.Property{
		{GoName: "MinSize", Name: "minSize"},
		{GoName: "MaxSize", Name: "maxSize"},
		{GoName: "VHost", Name: "vhost"},
		{GoName: "Name", Name: "name", Synthetic: true},
	}
	for _, c := range []struct{ doc, goName, name, want string }{
		{"Password is Username's password.", "Password", "password", "password is Username's password."},
		{"VHost is where the queue lives.", "VHost", "vhost", "vhost is where the queue lives."},
		{"VHost's name.", "VHost", "vhost", "vhost's name."},
		{"VHosts are not this one.", "VHost", "vhost", "VHosts are not this one."},
		{"ID is the ID.", "ID", "id", "id is the ID."},
		{"The size, at most `MaxSize` and at least `MinSize`.", "Size", "size", "The size, at most `maxSize` and at least `minSize`."},
		{"`MinSize` is at most `MaxSize`; `Other` and `a b` stay.", "X", "x", "`minSize` is at most `maxSize`; `Other` and `a b` stay."},
		{"An unclosed `MinSize quote stays.", "X", "x", "An unclosed `MinSize quote stays."},
		{"`Name` is the synthetic name's Go field, not a name of the IDL.", "X", "x", "`Name` is the synthetic name's Go field, not a name of the IDL."},
		{"GetImage finds an image.", "GetImage", "getImage", "getImage finds an image."},
		{"Size is the same.", "Size", "Size", "Size is the same."},
		{"", "Size", "size", ""},
	} {
		if got := model.ProgramDoc(c.doc, c.goName, c.name, members); got != c.want {
			t.Errorf("ProgramDoc(%q, %q, %q) = %q, want %q", c.doc, c.goName, c.name, got, c.want)
		}
	}
}

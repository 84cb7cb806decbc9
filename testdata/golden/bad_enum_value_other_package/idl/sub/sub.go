package sub

import "github.com/cidlc/cidlc/testdata/golden/bad_enum_value_other_package/idl"

// West is west.
const West bad.Region = "us-west-2"

package model

import (
	"regexp"

	"github.com/cidlc/cidlc/idl/contract"
)

// Compile returns the checkable form of the constraints (nil for nil), which package contract checks
// values against. The pattern must be valid RE2, as the loader made sure.
//
// It lives with the model rather than in package contract so that the runtime of the stubs (package
// provider), which links contract, never links the model.
func (cs *Constraints) Compile() (*contract.Constraints, error) {
	if cs == nil {
		return nil, nil
	}
	c := &contract.Constraints{
		Min: cs.Min, Max: cs.Max, ExclusiveMin: cs.ExclusiveMin, ExclusiveMax: cs.ExclusiveMax, MultipleOf: cs.MultipleOf,
		MinLength: cs.MinLength, MaxLength: cs.MaxLength,
		MinItems: cs.MinItems, MaxItems: cs.MaxItems, UniqueItems: cs.UniqueItems,
		MinProperties: cs.MinProperties, MaxProperties: cs.MaxProperties,
	}
	if cs.Pattern != "" {
		re, err := regexp.Compile(cs.Pattern)
		if err != nil {
			return nil, err
		}
		c.Pattern = re
	}
	items, err := cs.Items.Compile()
	if err != nil {
		return nil, err
	}
	c.Items = items
	return c, nil
}

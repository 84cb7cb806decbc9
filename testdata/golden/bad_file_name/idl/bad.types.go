package bad

// ARN is an ARN.
type ARN string

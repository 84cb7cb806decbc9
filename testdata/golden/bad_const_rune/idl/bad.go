package bad

// Sep is a separator.
const Sep = ','

package acme

// Region is an Acme Cloud region: a geographic location that hosts an independent copy of every service.
// Most resources live in exactly one region, and moving one to another region replaces it.
type Region string

const (
	// RegionUSWest1 is Northern California, the region Acme Cloud opened with.
	RegionUSWest1 Region = "us-west-1"
	// RegionUSEast1 is Northern Virginia.
	RegionUSEast1 Region = "us-east-1"
	// RegionEUWest1 is Dublin, Ireland.
	RegionEUWest1 Region = "eu-west-1"
	// RegionEUCentral1 is Frankfurt, Germany.
	RegionEUCentral1 Region = "eu-central-1"
	// RegionAPNortheast1 is Tokyo, Japan.
	RegionAPNortheast1 Region = "ap-northeast-1"
	// RegionAPSouth1 is Mumbai, India.
	RegionAPSouth1 Region = "ap-south-1"
)

// ARN is an Acme Resource Name: a string that identifies any resource across all regions and accounts,
// such as "arn:acme:iam::123456789012:role/deployer". Policies refer to resources by their ARN.
type ARN string

// Tags are free-form key/value labels attached to a resource. Acme Cloud does not interpret them; they
// are meant for cost allocation, automation and search.
type Tags map[string]string

// MaintenanceWindow is a weekly time slot in which Acme Cloud may restart a resource to apply updates.
type MaintenanceWindow struct {
	// Day is the day of the week, in English and lower case, such as "sunday".
	Day string `lumi:"pattern=^(monday|tuesday|wednesday|thursday|friday|saturday|sunday)$"`
	// StartTime is the start of the window in UTC, formatted as HH:MM on a 24-hour clock, such as "03:30".
	StartTime string `lumi:"pattern=^([01][0-9]|2[0-3]):[0-5][0-9]$"`
	// DurationHours is the length of the window in hours, from 1 to 24. Defaults to 2.
	DurationHours *int `lumi:"optional,min=1,max=24"`
}

// DefaultRegion is the region resources are created in when a program does not configure one.
const DefaultRegion = "us-west-1"

// MaxTagsPerResource is the largest number of tags a single resource may carry.
const MaxTagsPerResource int = 50

// TagKeyPattern is the regular expression every tag key must match. Keys are case-sensitive, and keys
// starting with "acme:" are reserved for Acme Cloud's own use.
const TagKeyPattern = `^[\p{L}\p{Z}\p{N}_.:/=+\-@]{1,128}$`

// ConsoleURL is the address of the Acme Cloud web console, where "{region}" stands for a region name.
const ConsoleURL = "https://console.acme.example/#/{region}/home"

// DeletionProtectionByDefault says whether newly created resources that support it are protected
// against accidental deletion unless a program says otherwise.
const DeletionProtectionByDefault = false

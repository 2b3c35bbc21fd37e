package failure

// Codes is what a front end answers a failure of one kind with.
type Codes struct {
	// Exit is the command line's exit status: 2 for a usage mistake or
	// bad input, 1 for every other failure.
	Exit int
	// HTTP is the JSON API's status.
	HTTP int
	// C is the status of the C library (SLIDETABLE_ERR_* in slidetable.h).
	C int
	// Python is the status attribute of the Python package's
	// SlidetableError, which names its subclass too (see python/).
	Python string
	// JS is the code of the JavaScript package's SlidetableError.
	JS string
}

// codes is the one table of what each front end answers each kind with.
// Part of the command line's, the API's, the C library's and the
// packages' interfaces; do not change a value once released.
var codes = [numKinds]Codes{
	Internal:  {Exit: 1, HTTP: 500, C: 10, Python: "internal", JS: "failed"},
	Input:     {Exit: 2, HTTP: 400, C: 4, Python: "input", JS: "input"},
	File:      {Exit: 1, HTTP: 500, C: 5, Python: "file", JS: "file"},
	Memory:    {Exit: 1, HTTP: 503, C: 6, Python: "memory", JS: "memory"},
	Time:      {Exit: 1, HTTP: 422, C: 7, Python: "timeout", JS: "timeout"},
	Cancelled: {Exit: 1, HTTP: 503, C: 8, Python: "cancelled", JS: "aborted"},
	NotFound:  {Exit: 1, HTTP: 404, C: 9, Python: "not_found", JS: "not-found"},
}

// Codes returns what front ends answer a failure of kind k with (those of
// Internal for a kind that is not one of the constants).
func (k Kind) Codes() Codes {
	if k < numKinds {
		return codes[k]
	}
	return codes[Internal]
}

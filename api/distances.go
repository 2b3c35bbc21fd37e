package api

// DistanceCoverage is the test of drawn boards' distances against a
// reference distribution, for sizes too large to count every state:
// {"size":"4x4","method":"uniform","seed":1,"draws":2000,"source":"...",
// "observed":[...],"expected":[...],"bins":[{"lo":0,"hi":40,"observed":9,"expected":11.6},...],
// "chi_square":25.1,"df":28,"p":0.62,"alpha":0.01,"pass":true}.
// Observed and Expected hold the boards drawn and expected at each distance;
// Bins are the cells of the test, distances pooled so that each expects at
// least 5 boards.
type DistanceCoverage struct {
	About
	Sampling
	Source    string    `json:"source"`
	Observed  []uint64  `json:"observed"`
	Expected  []float64 `json:"expected"`
	Bins      []Bin     `json:"bins"`
	ChiSquare float64   `json:"chi_square"`
	DF        int       `json:"df"`
	P         float64   `json:"p"`
	Alpha     float64   `json:"alpha"`
	Pass      bool      `json:"pass"`
	// Solver is what answered the distances of the boards drawn.
	Solver *Source `json:"solver,omitempty"`
}

// Bin is one cell of a DistanceCoverage test: the boards at distances Lo
// to Hi.
type Bin struct {
	Lo       int     `json:"lo"`
	Hi       int     `json:"hi"`
	Observed uint64  `json:"observed"`
	Expected float64 `json:"expected"`
}

// LevelsSummary ends the -json output of levels that solved boards to find
// them (sizes without a table): how many boards were kept at each distance,
// {"size":"4x4","accepted":{"50":3,"51":2},"boards":5}.
type LevelsSummary struct {
	About
	Accepted map[string]uint64 `json:"accepted"`
	Boards   uint64            `json:"boards"`
}

// Package chart draws the distance distribution of a table, the number of
// boards at each distance from the goal, as a bar chart with
// gonum.org/v1/plot: labelled axes, a title with the size and the number of
// states, and a dashed line at the mean distance.
//
// Distribution returns the *plot.Plot for callers that want to restyle or
// combine it; Write and WriteFile render it as SVG, PNG, PDF, JPEG or
// TIFF. The functions only read the table and may be called concurrently.
package chart

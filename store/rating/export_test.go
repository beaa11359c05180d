package rating

// Permutation is permutation, for the external tests' simulation.
var Permutation = permutation

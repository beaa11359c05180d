// Package gamestest helps test a game's engine, as net/http/httptest helps
// test handlers: computer players watched for cheating and for moves that
// are not legal or not deterministic, random players, matches between
// levels of computer players, the notation read back, and the CPU time
// and percentiles a benchmark of computer players reports. It is for tests
// only: no program links it.
package gamestest

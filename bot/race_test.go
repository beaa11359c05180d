//go:build race

package bot_test

// raceDetector reports whether the tests run under the race detector
// (-race), which makes the bot several times slower: load tests play
// fewer tables then.
const raceDetector = true

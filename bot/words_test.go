package bot

import (
	"testing"

	"github.com/dealer/dealer/render/lang/langtest"
)

// TestWords: the bot's words: every language has every key, each with the key's
// arguments, and every key the code asks for is there.
func TestWords(t *testing.T) {
	langtest.Complete(t, words)
	langtest.Used(t, words, ".")
}

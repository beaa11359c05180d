package bot_test

import (
	"testing"

	"github.com/dealer/dealer/store/pgtest"
)

// TestMain stops the throwaway PostgreSQL that tests on it started
// (pgtest), once all have run.
func TestMain(m *testing.M) { pgtest.Main(m) }

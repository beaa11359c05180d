// Package build says which dealer this is: the version it was released
// as (set when it is linked), the commit it was built from and whether
// that tree had changes, and the Go that built it. `dealer version`, the
// dealer_build_info metric and the bot's start-up log line read it.
package build

import (
	"runtime"
	"runtime/debug"
)

// Version is the dealer's release version. A release sets it when
// linking, as scripts/build-static does:
//
//	go build -ldflags '-X github.com/dealer/dealer/internal/build.Version=v1.4.0' ./cmd/dealer
//
// Any other build (go run, go test, a plain go build) is "devel".
var Version = "devel"

// Info is what a binary knows of its own build.
type Info struct {
	// Version is the release version (Version), "devel" when unset.
	Version string `json:"version"`
	// Commit is the VCS revision the binary was built from, "unknown"
	// when Go recorded none (go run, go test, a build outside a checkout,
	// or -buildvcs=false).
	Commit string `json:"commit"`
	// Modified is set when the checkout had uncommitted changes.
	Modified bool `json:"modified"`
	// Go is the Go version that built the binary (go1.26.8).
	Go string `json:"go"`
}

// Read returns this binary's build information.
func Read() Info {
	info := Info{Version: Version, Commit: "unknown", Go: runtime.Version()}
	if info.Version == "" {
		info.Version = "devel"
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return info
	}
	if bi.GoVersion != "" {
		info.Go = bi.GoVersion
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			info.Commit = s.Value
		case "vcs.modified":
			info.Modified = s.Value == "true"
		}
	}
	return info
}

// CommitText is the commit as a person reads it: the revision, followed
// by " (modified)" when the tree had uncommitted changes.
func (i Info) CommitText() string {
	if i.Modified {
		return i.Commit + " (modified)"
	}
	return i.Commit
}

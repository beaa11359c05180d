package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"strings"
	"time"

	"gopkg.in/yaml.v3"
)

// Config is the dealer's configuration: config.example.yaml documents it.
type Config struct {
	Discord struct {
		Token         string `yaml:"token"`
		ApplicationID string `yaml:"application_id"`
		TestGuildID   string `yaml:"test_guild_id"`
	} `yaml:"discord"`
	Database    string        `yaml:"database"`
	LogLevel    string        `yaml:"log_level"`
	TurnTimeout time.Duration `yaml:"-"`
	// RawTurnTimeout is TurnTimeout as written, parsed after decoding so that
	// a bad value gets a message naming the key.
	RawTurnTimeout string `yaml:"turn_timeout"`
}

// defaultConfigPath is read when no --config is given, if it exists.
const defaultConfigPath = "config.yaml"

// loadConfig reads the YAML file at path (a missing default file is fine: the
// defaults and the environment then stand), applies DISCORD_TOKEN from the
// environment, and checks every value. Unknown keys are errors, so a typo
// never passes silently.
func loadConfig(path string, explicit bool, getenv func(string) string) (Config, error) {
	c := Config{Database: "dealer.db", LogLevel: "info", TurnTimeout: 2 * time.Minute}
	data, err := os.ReadFile(path)
	switch {
	case errors.Is(err, fs.ErrNotExist) && !explicit:
	case err != nil:
		return c, fmt.Errorf("config: %w", err)
	default:
		dec := yaml.NewDecoder(bytes.NewReader(data))
		dec.KnownFields(true)
		if err := dec.Decode(&c); err != nil && !errors.Is(err, io.EOF) {
			return c, fmt.Errorf("config %s: %s", path, strings.TrimPrefix(err.Error(), "yaml: "))
		}
	}
	if t := strings.TrimSpace(getenv("DISCORD_TOKEN")); t != "" {
		c.Discord.Token = t
	}
	c.Discord.Token = strings.TrimPrefix(strings.TrimSpace(c.Discord.Token), "Bot ")
	if c.Database == "" {
		return c, errors.New("config: database must name a file, such as dealer.db")
	}
	if _, err := parseLevel(c.LogLevel); err != nil {
		return c, err
	}
	if c.RawTurnTimeout != "" {
		d, err := time.ParseDuration(c.RawTurnTimeout)
		if err != nil {
			return c, fmt.Errorf("config: turn_timeout must be a duration such as 90s or 2m (got %q)", c.RawTurnTimeout)
		}
		c.TurnTimeout = d
	}
	if c.TurnTimeout < 0 {
		return c, fmt.Errorf("config: turn_timeout must not be negative (got %s)", c.TurnTimeout)
	}
	for name, id := range map[string]string{"application_id": c.Discord.ApplicationID, "test_guild_id": c.Discord.TestGuildID} {
		if strings.Trim(id, "0123456789") != "" {
			return c, fmt.Errorf("config: discord.%s must be a numeric Discord id (got %q)", name, id)
		}
	}
	return c, nil
}

// parseLevel reads a log level name.
func parseLevel(s string) (slog.Level, error) {
	var l slog.Level
	if err := l.UnmarshalText([]byte(s)); err != nil {
		return l, fmt.Errorf("config: log_level must be debug, info, warn or error (got %q)", s)
	}
	return l, nil
}

package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"reflect"
	"slices"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/dealer/dealer/store"
)

// Config is the dealer's configuration: config.example.yaml documents it,
// with the range of each value (bounds.go checks them). The keys a file
// may hold are the yaml tags of its fields (configKeys), in this order.
type Config struct {
	Discord struct {
		Token         string `yaml:"token"`
		ApplicationID string `yaml:"application_id"`
		TestGuildID   string `yaml:"test_guild_id"`
		// PublicKey (hex) verifies interactions received over HTTP.
		PublicKey string `yaml:"public_key"`
	} `yaml:"discord"`
	// Database is a SQLite file's path or a postgres:// URL.
	Database string `yaml:"database"`
	LogLevel string `yaml:"log_level"`
	// LogFormat is "text" (default: key=value lines) or "json" (a JSON
	// object a line, for log shippers).
	LogFormat string `yaml:"log_format"`
	// The Raw values are the keys as written, read after decoding (into
	// TurnTimeout, LobbyTimeout and PictureCacheMB) so that a bad value
	// gets a message naming its key and its range, never the program's
	// types.
	RawTurnTimeout    string `yaml:"turn_timeout"`
	RawLobbyTimeout   string `yaml:"lobby_timeout"`
	RawPictureCacheMB string `yaml:"picture_cache_mb"`
	// RawSeasons is how long the boards' seasons last: month (the
	// default), quarter or none; read into Seasons.
	RawSeasons string `yaml:"seasons"`
	// Interactions is "gateway" (default) or "http": how Discord delivers
	// interactions. Listen is the HTTP address of the interactions
	// endpoint (http mode).
	Interactions string `yaml:"interactions"`
	Listen       string `yaml:"listen"`
	// Shards is "" (one connection), "auto" (as Discord recommends) or
	// "IDS/COUNT" (this process's shard ids of COUNT: "0-3/8", "0,2/4");
	// ShardIDs and ShardCount are what it says ("auto": none, count 0).
	Shards string `yaml:"shards"`
	// Web serves the web pages (and /livez, /readyz, /metrics) on Listen;
	// PublicURL is their address as people reach it, for links from
	// Discord; TrustedProxies are the reverse proxies whose
	// X-Forwarded-For names the client, as web.ParseTrustedProxies
	// reads them ("10.0.0.0/8, 192.0.2.7"; "none"; "": this machine's).
	Web struct {
		Listen         string `yaml:"listen"`
		PublicURL      string `yaml:"public_url"`
		TrustedProxies string `yaml:"trusted_proxies"`
		// ClientID is the application's OAuth2 client id: set, players
		// sign in with Discord on the pages and play their seats there
		// (the secret and the session key come from the environment).
		ClientID string `yaml:"client_id"`
		// Activity runs the pages as a Discord Activity too: the bot
		// registers the Entry Point command that launches it. It needs
		// ClientID.
		Activity bool `yaml:"activity"`
	} `yaml:"web"`
	// Backup is the periodic backups of a SQLite database (backups.go):
	// into Dir, every RawEvery, the newest RawKeep kept; none if Dir is "".
	Backup struct {
		Dir      string `yaml:"dir"`
		RawEvery string `yaml:"every"`
		RawKeep  string `yaml:"keep"`
	} `yaml:"backup"`

	// The fields below are no keys: they are read from the keys, or from
	// the environment.
	ShardIDs   []int `yaml:"-"`
	ShardCount int   `yaml:"-"`
	// DatabasePassword is DEALER_DATABASE_PASSWORD: the PostgreSQL
	// password, kept out of the file (it wins over the URL's).
	DatabasePassword string `yaml:"-"`
	// ClientSecret is DEALER_CLIENT_SECRET (the application's OAuth2
	// secret) and SessionKey DEALER_SESSION_KEY (at least 32 characters,
	// the same in every process): signing in on the pages, kept out of
	// the file.
	ClientSecret, SessionKey string `yaml:"-"`
	// TurnTimeout is how long a multiplayer player may think (0: for
	// ever); LobbyTimeout how long a lobby waits to be started.
	TurnTimeout  time.Duration `yaml:"-"`
	LobbyTimeout time.Duration `yaml:"-"`
	// PictureCacheMB bounds the memory of the work kept from recent
	// pictures (0: render.DefaultCacheLimit); below it the cache grows
	// with the tables in play.
	PictureCacheMB int `yaml:"-"`
	// Seasons is the boards' season length (seasons).
	Seasons store.SeasonLength `yaml:"-"`
	// BackupEvery and BackupKeep are backup.every and backup.keep, with
	// their defaults, when backup.dir is set.
	BackupEvery time.Duration `yaml:"-"`
	BackupKeep  int           `yaml:"-"`
}

// defaultConfigPath is read when no --config is given, if it exists.
const defaultConfigPath = "config.yaml"

// databasePasswordEnv holds the PostgreSQL password, so that it need not
// be written in the config's URL.
const databasePasswordEnv = "DEALER_DATABASE_PASSWORD"

// The environment's secrets of signing in on the web pages.
const (
	clientSecretEnv = "DEALER_CLIENT_SECRET"
	sessionKeyEnv   = "DEALER_SESSION_KEY"
)

// loadConfig reads the YAML file at path (a missing default file is fine: the
// defaults and the environment then stand), applies DISCORD_TOKEN from the
// environment, and checks every value against its bounds. Unknown keys are
// errors, so a typo never passes silently; a bad value is one line naming
// the file, the key's line, the key and its range.
func loadConfig(path string, explicit bool, getenv func(string) string) (Config, error) {
	c := Config{Database: "dealer.db", LogLevel: "info", TurnTimeout: 2 * time.Minute, LobbyTimeout: defaultLobbyTimeout}
	where, lines := "config", map[string]int{}
	data, err := os.ReadFile(path)
	switch {
	case errors.Is(err, fs.ErrNotExist) && !explicit:
	case err != nil:
		return c, fmt.Errorf("config: %w", err)
	default:
		where = "config " + path
		if lines, err = decodeConfig(data, &c); err != nil {
			return c, fmt.Errorf("%s: %w", where, err)
		}
	}
	if t := strings.TrimSpace(getenv("DISCORD_TOKEN")); t != "" {
		c.Discord.Token = t
		delete(lines, "discord.token") // the file's is not the one in use
	}
	c.Discord.Token = strings.TrimPrefix(strings.TrimSpace(c.Discord.Token), "Bot ")
	c.DatabasePassword = getenv(databasePasswordEnv)
	c.ClientSecret, c.SessionKey = strings.TrimSpace(getenv(clientSecretEnv)), strings.TrimSpace(getenv(sessionKeyEnv))
	if err := checkConfig(&c); err != nil {
		var ke keyError
		if errors.As(err, &ke) && lines[ke.key] > 0 {
			return c, fmt.Errorf("%s: line %d: %w", where, lines[ke.key], err)
		}
		return c, fmt.Errorf("%s: %w", where, err)
	}
	return c, nil
}

// configKeys are the keys a config file may hold: the top level's (""),
// and those under each key that holds keys. They are Config's yaml tags,
// read once: a key is written in one place, its field's tag.
var configKeys = yamlKeys(reflect.TypeFor[Config](), "", map[string][]string{})

// yamlKeys adds to keys the yaml keys of struct type t, the value of key
// ("" for the top level), in the order of its fields, and those of each
// field that holds keys; fields tagged "-" are no keys.
func yamlKeys(t reflect.Type, key string, keys map[string][]string) map[string][]string {
	keys[key] = []string{}
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("yaml"), ",")
		if name == "" || name == "-" {
			continue
		}
		keys[key] = append(keys[key], name)
		if f.Type.Kind() == reflect.Struct {
			yamlKeys(f.Type, name, keys)
		}
	}
	return keys
}

// decodeConfig reads a config file into c. Its keys are checked first,
// so that a typo is named with its line and the keys valid there, never
// with the program's types.
func decodeConfig(data []byte, c *Config) (lines map[string]int, err error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, errors.New(strings.TrimPrefix(err.Error(), "yaml: "))
	}
	lines = map[string]int{}
	if len(doc.Content) == 0 {
		return lines, nil
	}
	if err := checkKeys(doc.Content[0], "", lines); err != nil {
		return nil, err
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(c); err != nil && !errors.Is(err, io.EOF) {
		return nil, errors.New(strings.TrimPrefix(err.Error(), "yaml: "))
	}
	return lines, nil
}

// checkKeys checks the keys of node, the value of key ("" for the top
// level): each must be one configKeys lists, with a value of the right
// shape. It notes each key's line in lines ("discord.token": 5).
func checkKeys(node *yaml.Node, key string, lines map[string]int) error {
	valid := configKeys[key]
	where, under := "the top level", "at the top level"
	if key != "" {
		where, under = key, "under "+key
	}
	if node.Kind != yaml.MappingNode {
		return fmt.Errorf("line %d: %s must hold keys (%s), not a %s", node.Line, where, strings.Join(valid, ", "), kindName(node))
	}
	for i := 0; i+1 < len(node.Content); i += 2 {
		k, v := node.Content[i], node.Content[i+1]
		if !slices.Contains(valid, k.Value) {
			return fmt.Errorf("line %d: unknown key %q %s (the keys there are %s)", k.Line, k.Value, under, strings.Join(valid, ", "))
		}
		full := k.Value
		if key != "" {
			full = key + "." + k.Value
		}
		lines[full] = k.Line
		if v.Kind == yaml.ScalarNode && v.Tag == "!!null" {
			continue
		}
		if _, nested := configKeys[k.Value]; nested && key == "" {
			if err := checkKeys(v, k.Value, lines); err != nil {
				return err
			}
			continue
		}
		if v.Kind != yaml.ScalarNode {
			return fmt.Errorf("line %d: %s must be a single value, not a %s", v.Line, full, kindName(v))
		}
	}
	return nil
}

// kindName names a YAML node's shape for people.
func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "set of keys"
	case yaml.SequenceNode:
		return "list"
	case yaml.AliasNode:
		return "reference"
	}
	return "single value"
}

package bot

import (
	"errors"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// buttonID is a button's (or a menu's) custom_id. It carries everything a
// click needs, so that buttons keep working across restarts and no
// per-message state is held in memory:
//
//	t:<table>:<version>:<action>
//
// table and version are base 36; version is the game's move count when the
// button was drawn. The action is a letter and its argument, as routes.go
// lists them. Anything else (an action routes.go does not list, an argument its route
// does not allow), or a custom_id longer than Discord's 100 characters, is
// refused as forged.
type buttonID struct {
	Table   int64
	Version int
	Action  byte
	Arg     string
}

// maxCustomID is Discord's limit on a custom_id's length.
const maxCustomID = 100

var errForged = errors.New("forged button")

// String encodes the id (in one allocation: a board has dozens).
func (b buttonID) String() string {
	var buf [maxCustomID]byte
	s := append(buf[:0], "t:"...)
	s = strconv.AppendInt(s, b.Table, 36)
	s = append(s, ':')
	s = strconv.AppendInt(s, int64(b.Version), 36)
	s = append(append(append(s, ':'), b.Action), b.Arg...)
	return string(s)
}

// parseButtonID decodes a custom_id, refusing anything the bot did not make.
func parseButtonID(s string) (buttonID, error) {
	if len(s) > maxCustomID {
		return buttonID{}, errForged
	}
	parts := strings.SplitN(s, ":", 4)
	if len(parts) != 4 || parts[0] != "t" || parts[3] == "" {
		return buttonID{}, errForged
	}
	table, err1 := strconv.ParseInt(parts[1], 36, 64)
	version, err2 := strconv.ParseInt(parts[2], 36, 32)
	if err1 != nil || err2 != nil || table <= 0 || version < 0 {
		return buttonID{}, errForged
	}
	b := buttonID{Table: table, Version: int(version), Action: parts[3][0], Arg: parts[3][1:]}
	r, ok := routes[b.Action]
	switch {
	case !ok, r.arg == argRequired && b.Arg == "", r.arg == argNone && b.Arg != "":
		return buttonID{}, errForged
	}
	return b, nil
}

// shownVersion is the table version a message's buttons were drawn for (the
// highest, if they differ), or -1 when it has none of the bot's buttons.
func shownVersion(m *discordgo.Message) int {
	return versionIn(m.Components, -1)
}

// versionIn is the highest version of the buttons in comps and v, the
// rows in a V2 message's container too.
func versionIn(comps []discordgo.MessageComponent, v int) int {
	for _, c := range comps {
		switch c := c.(type) {
		case *discordgo.Container:
			v = versionIn(c.Components, v)
		case *discordgo.ActionsRow:
			v = versionIn(c.Components, v)
		case *discordgo.Button:
			if id, err := parseButtonID(c.CustomID); err == nil && id.Version > v {
				v = id.Version
			}
		}
	}
	return v
}

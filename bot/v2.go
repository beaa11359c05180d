package bot

import (
	"slices"

	"github.com/bwmarrin/discordgo"

	"github.com/dealer/dealer/bot/discord"
	"github.com/dealer/dealer/games"
)

// Every table, lobby, hand and board message is a Components V2 message
// (flag IS_COMPONENTS_V2): one container whose accent colour says the
// table's state, a text display saying what content said before (game,
// deal, house rules, whose turn), the picture in a media gallery with its
// description as the item's alt text, then the controls. Discord allows
// 40 components in all, nested ones counted: the controls get what the
// frame leaves (limitRows).
//
// A table message posted before the upgrade (content, an attachment, rows
// of buttons) turns V2 at its next redraw or click: every message the bot
// sends or edits carries the flag, with the content emptied, as Discord
// asks of an upgrade. Its custom ids route as before.

// Discord's limits on a V2 message, kept here.
const (
	maxComponents = 40   // components in a message, nested ones counted
	maxHeader     = 3900 // characters of the text display (Discord: 4,000 in all)
	maxAltText    = 1024 // characters of a gallery item's description
)

// accent is a container's colour: what state the message shows.
type accent int

// The states a container's colour tells apart.
const (
	accentYourTurn  accent = 0x57F287 // green: the viewer plays (a solitaire in play, a hand's turn)
	accentTheirTurn accent = 0x5865F2 // blurple: someone else is to play
	accentWon       accent = 0xFEE75C // gold: won, a game over with its winners, a board
	accentLost      accent = 0xED4245 // red: lost or given up
	accentLobby     accent = 0x99AAB5 // grey: seats being taken, or a table closed
)

// v2Message is a V2 message: a container of colour a holding header, the
// picture file (nil: none) with its description as alt text, and the
// controls' rows, kept within Discord's limits. No content, no embeds:
// Discord refuses them beside the flag.
func v2Message(a accent, header string, file *discordgo.File, rows []discordgo.MessageComponent) *discordgo.InteractionResponseData {
	color := int(a)
	inner := make([]discordgo.MessageComponent, 0, 2+len(rows))
	inner = append(inner, discordgo.TextDisplay{Content: truncate(header, maxHeader)})
	files := []*discordgo.File{}
	if file != nil {
		item := discordgo.MediaGalleryItem{Media: discordgo.UnfurledMediaItem{URL: "attachment://" + file.Name}}
		if alt := truncateRunes(discord.AltText(file), maxAltText-1); alt != "" {
			item.Description = &alt
		}
		inner = append(inner, discordgo.MediaGallery{Items: []discordgo.MediaGalleryItem{item}})
		files = append(files, file)
	}
	frame := 1 + len(inner) // the container and what it holds so far
	inner = append(inner, limitRows(rows, maxComponents-frame)...)
	return &discordgo.InteractionResponseData{
		Flags:       discordgo.MessageFlagsIsComponentsV2,
		Components:  []discordgo.MessageComponent{discordgo.Container{AccentColor: &color, Components: inner}},
		Files:       files,
		Attachments: &[]*discordgo.MessageAttachment{}, // the new picture replaces the old
	}
}

// textMessage is a V2 message of words alone (a closed table's last words).
func textMessage(a accent, text string) *discordgo.InteractionResponseData {
	return v2Message(a, text, nil, nil)
}

// solitaireAccent is a solitaire's colour: its player's turn until won or
// lost.
func solitaireAccent(st games.Status) accent {
	switch st {
	case games.Won:
		return accentWon
	case games.Lost, games.Over:
		return accentLost
	}
	return accentYourTurn
}

// seatAccent is a multiplayer table's colour for seat (the channel's
// message: games.Spectator): whose turn, or over.
func seatAccent(t *table, seat games.Seat) accent {
	if t.Game.Status().Finished() {
		if seat == games.Spectator || slices.Contains(t.Game.Winners(), seat) {
			return accentWon
		}
		return accentLost
	}
	if seat != games.Spectator && len(t.Game.Legal(seat)) > 0 {
		return accentYourTurn
	}
	return accentTheirTurn
}

// truncateRunes cuts s to at most n characters, marking the cut.
func truncateRunes(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

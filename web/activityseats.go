package web

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"

	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/play"
)

// An Activity's multiplayer table (with Config.Play, the bot to play it):
// the instance's participants when the game is chosen take its seats, the
// one who chose first, up to the game's most; computer players fill the
// seats it needs beyond them; whoever comes later watches. Their names
// are Discord's (each looked up with the bot's token: the page's word
// counts for nothing). The table is in the Activity's channel, so that
// the bot plays it as any other: hands by DM, the turn clock.

// openActivityMulti opens multiplayer game g at instance inst, seated by
// its participants, the player of sess first, and lets computer players
// make the first moves when theirs are.
func (s *Server) openActivityMulti(ctx context.Context, inst activityInstance, sess session, g render.Game) (*play.Table, error) {
	players := []store.Player{{UserID: sess.User, Name: sess.Name}}
	for _, u := range inst.Users {
		if u == sess.User || len(players) == g.MaxSeats {
			continue
		}
		name, err := s.discordName(ctx, u)
		if err != nil {
			return nil, err
		}
		players = append(players, store.Player{UserID: u, Name: name})
	}
	players = play.Fill(g.Info, players)
	t, err := play.Open(ctx, s.st, s.games.Engines(), store.TableRow{Game: g.Name, Deal: play.RandomDeal(), Seats: len(players),
		GuildID: inst.Location.GuildID, ChannelID: inst.Location.ChannelID, OwnerID: sess.User, Status: store.StatusPlaying,
		Players: players})
	if err != nil {
		return nil, err
	}
	if err := t.PlayComputers(ctx, nil); err != nil {
		s.log.Warn("web: an Activity's computer players did not start", "table", t.Row.ID, "err", err)
	}
	return t, nil
}

// discordName asks Discord, with the bot's token, for user id's name.
func (s *Server) discordName(ctx context.Context, id string) (string, error) {
	failed := &httpError{http.StatusBadGateway, "Discord did not answer: try again."}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, fmt.Sprintf("%s/users/%s", s.signIn.api, url.PathEscape(id)), nil)
	if err != nil {
		return "", err
	}
	req.Header.Set("Authorization", "Bot "+s.activity.botToken)
	req.Header.Set("User-Agent", "DiscordBot (https://github.com/dealer/dealer, 1) dealer-web")
	resp, err := s.signIn.client.Do(req)
	if err != nil {
		return "", failed
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 16<<10))
	var u discordUser
	if resp.StatusCode != http.StatusOK || json.Unmarshal(body, &u) != nil || u.ID != id {
		s.log.Warn("web: looking a participant up failed", "status", resp.StatusCode)
		return "", failed
	}
	return u.name(), nil
}

package web_test

import (
	"context"
	"fmt"
	"html"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/internal/discordtest"
	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/play"
	"github.com/dealer/dealer/web"
	"github.com/dealer/dealer/web/webtest"
)

// The bot's part (web.Config.Play) is played here by a stand-in on the
// same store: the bot's own, with Discord, is tested in the bot's package
// (bot/webplay_browser_test.go).

// playLikeTheBot is Config.Play as the bot answers it, on st: the seat
// and the version checked, the move and the computer players' answer
// saved in one write, the result recorded at the end, the live pages
// told (notify).
func playLikeTheBot(st *store.Store, notify func(int64)) func(ctx context.Context, id int64, user, move string, version int) error {
	return func(ctx context.Context, id int64, user, move string, version int) error {
		reg, _ := shared()
		tb, err := play.Load(ctx, st, reg.Engines(), id)
		if err != nil {
			return err
		}
		seat, ok := tb.SeatOf(user)
		switch {
		case !ok:
			return play.ErrIllegal
		case tb.Game.Status().Finished() || version != tb.Game.Moves():
			return play.ErrMovedOn
		}
		if err := tb.Play(ctx, seat, move, nil); err != nil {
			return err
		}
		if tb.Game.Status().Finished() {
			if err := tb.Finish(ctx); err != nil {
				return err
			}
		}
		notify(id)
		return nil
	}
}

// newSeatRig is the pages with the bot's part played by playLikeTheBot,
// and Cat, who signs in but sits at no table.
func newSeatRig(t testing.TB, logs *logLines) *playRig {
	t.Helper()
	rig := newPlayRigConfig(t, func(rig *playRig, cfg *web.Config) {
		cfg.Limits.MovesPerSecond, cfg.Limits.MoveBurst = 1000, 1000
		cfg.Play = playLikeTheBot(rig.st, func(id int64) { rig.srv.Notify(id) })
		if logs != nil {
			cfg.Logger = logs.logger()
		}
	})
	rig.fake.AddUsers(discordtest.User{ID: cat.ID, Name: cat.Name})
	return rig
}

// dealMulti opens a multiplayer table of game in play: Ann at seat 0, Bob
// at seat 1, computer players at the others, who play until a person is
// to act.
func (rig *playRig) dealMulti(t testing.TB, game, options string, seats int) (*play.Table, string) {
	t.Helper()
	reg, _ := shared()
	players := []store.Player{{Seat: 0, UserID: ann.ID, Name: ann.Name}, {Seat: 1, UserID: bob.ID, Name: bob.Name}}
	for s := 2; s < seats; s++ {
		players = append(players, store.Player{Seat: s, Computer: true, Name: play.ComputerName(s)})
	}
	ctx := context.Background()
	tb, err := play.Open(ctx, rig.st, reg.Engines(), store.TableRow{Game: game, Deal: 42, Seats: seats, Options: options,
		GuildID: guild, ChannelID: "410000000000000001", OwnerID: ann.ID, Players: players})
	require.NoError(t, err)
	require.NoError(t, tb.PlayComputers(ctx, nil))
	token, err := rig.st.TableToken(ctx, tb.Row.ID)
	require.NoError(t, err)
	return tb, token
}

// get fetches path with c: the status and the body.
func (rig *playRig) get(t testing.TB, c *http.Client, path string) (int, string) {
	t.Helper()
	return get(t, c, rig.url+path)
}

// The seat part's forms and menu choices, as the template writes them.
var (
	seatFormPattern   = regexp.MustCompile(`<form class="seat-move" method="post" action="[^"]+"><input type="hidden" name="csrf" value="[^"]*"><input type="hidden" name="version" value="(\d+)"><input type="hidden" name="move" value="([^"]*)"><button type="submit" class="[^"]*"( disabled)?>`)
	seatChoicePattern = regexp.MustCompile(`<a class="seat-choice" href="[^"]+" data-words="([^"]*)">`)
)

// seatMove finds the first move the seat part offers, following its
// menu's first choices as a player without JavaScript would (each step a
// page of its own); "" when it offers none.
func (rig *playRig) seatMove(t testing.TB, c *http.Client, token, part string) (move string, version int) {
	t.Helper()
	for range 10 {
		for _, m := range seatFormPattern.FindAllStringSubmatch(part, -1) {
			if m[3] == "" {
				v, err := strconv.Atoi(m[1])
				require.NoError(t, err)
				return html.UnescapeString(m[2]), v
			}
		}
		choice := seatChoicePattern.FindStringSubmatch(part)
		if choice == nil {
			return "", 0
		}
		code, page := rig.get(t, c, "/t/"+token+"?words="+url.QueryEscape(html.UnescapeString(choice[1])))
		require.Equal(t, http.StatusOK, code)
		part = page
	}
	t.Fatal("the menu never reaches a move")
	return "", 0
}

// TestSeatPagesPlayWholeGames: Ann and Bob play whole games of Secret
// Agent and The Agents from their table pages alone, beside computer
// players, through the pages' own forms and menu steps (no script). At
// every move each sees their own hand (the renderer's picture of their
// seat, served to them alone, kept by no cache) and no card or private
// fact of another seat: not in the page, not in their seat's part, not in
// the live stream; Cat, signed in but not seated, and a visitor signed
// out get no hand and no seat part; nothing private is logged.
func TestSeatPagesPlayWholeGames(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		game, options string
		seats         int
	}{
		{"secretagent", "deals=1", 4},
		{"theagents", "goal=20", 3},
	} {
		t.Run(tc.game, func(t *testing.T) {
			t.Parallel()
			logs := &logLines{}
			rig := newSeatRig(t, logs)
			tb, token := rig.dealMulti(t, tc.game, tc.options, tc.seats)
			clients := map[games.Seat]*http.Client{0: rig.client(t, ann), 1: rig.client(t, bob)}
			csrf := map[games.Seat]string{0: rig.csrf(t, clients[0], token), 1: rig.csrf(t, clients[1], token)}
			catC, nobody := rig.client(t, cat), rig.client(t, webtest.Person{})
			reg, rend := shared()
			f := &fixture{reg: reg, rend: rend} // what hidden and handPicture read
			var secrets []secret
			moves := 0
			for ; !tb.Game.Status().Finished(); moves++ {
				require.Less(t, moves, 1000, "a game ends")
				now := hidden(t, f, tb)
				secrets = append(secrets, now...)
				rig.checkOutsiders(t, token, catC, nobody, tb.Game.Moves())
				parts := map[games.Seat]string{}
				for seat := range games.Seat(2) {
					parts[seat] = rig.checkSeat(t, f, tb, token, seat, clients[seat], now)
				}
				acted := false
				for seat := range games.Seat(2) {
					if !games.CanAct(tb.Game, seat) {
						continue
					}
					move, version := rig.seatMove(t, clients[seat], token, parts[seat])
					require.NotEmpty(t, move, "seat %d may act: its part offers a move", seat)
					require.Equal(t, tb.Game.Moves(), version)
					status, body := rig.post(t, clients[seat], "/t/"+token+"/move",
						url.Values{"csrf": {csrf[seat]}, "version": {strconv.Itoa(version)}, "move": {move}}, "")
					require.Equal(t, http.StatusOK, status, "move %q: %s", move, body)
					acted = true
					break
				}
				require.True(t, acted, "someone may act until the end")
				require.NoError(t, tb.Sync(context.Background()))
			}
			row, _ := rig.record(t, tb.Row.ID)
			assert.True(t, row.Status.Finished(), "the result is recorded")
			for _, s := range secrets {
				assert.False(t, s.re.MatchString(logs.String()), "the log shows %s", s.what)
			}
			t.Logf("%s: %d turns played from the pages", tc.game, moves)
		})
	}
}

// checkSeat checks what seat's player sees now: their page, their part,
// their hand; it returns the part.
func (rig *playRig) checkSeat(t *testing.T, f *fixture, tb *play.Table, token string, seat games.Seat, c *http.Client, secrets []secret) string {
	t.Helper()
	n := tb.Game.Moves()
	code, page := rig.get(t, c, "/t/"+token)
	require.Equal(t, http.StatusOK, code)
	code, part := rig.get(t, c, "/t/"+token+"/seat")
	require.Equal(t, http.StatusOK, code)
	hand := fmt.Sprintf("/t/%s/hand/%d.png", token, n)
	assert.True(t, strings.Contains(page, `src="`+hand+`"`), "move %d: seat %d's page shows their hand", n, seat)
	assert.True(t, strings.Contains(part, `src="`+hand+`"`), "move %d: seat %d's part shows their hand", n, seat)
	res, err := c.Get(rig.url + hand)
	require.NoError(t, err)
	png, err := io.ReadAll(res.Body)
	res.Body.Close()
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, res.StatusCode)
	assert.Equal(t, "private, no-store", res.Header.Get("Cache-Control"))
	require.True(t, string(handPicture(t, f, tb, seat)) == string(png), "move %d: seat %d's hand is the renderer's picture of it", n, seat)
	own := map[string]bool{}
	for _, s := range secrets {
		if strings.HasPrefix(s.what, fmt.Sprintf("seat %d's", seat)) {
			own[s.re.String()] = true
		}
	}
	for _, s := range secrets {
		if own[s.re.String()] {
			continue // the same words are the viewer's own too
		}
		assert.False(t, s.re.MatchString(page), "move %d: seat %d's page shows %s", n, seat, s.what)
		assert.False(t, s.re.MatchString(part), "move %d: seat %d's part shows %s", n, seat, s.what)
	}
	return part
}

// checkOutsiders: someone signed in but not seated, and a visitor signed
// out, get no hand and no seat part, and their page shows none.
func (rig *playRig) checkOutsiders(t *testing.T, token string, catC, nobody *http.Client, n int) {
	t.Helper()
	for _, tc := range []struct {
		who    string
		c      *http.Client
		status int
	}{
		{"someone not seated", catC, http.StatusForbidden},
		{"a visitor signed out", nobody, http.StatusUnauthorized},
	} {
		for _, path := range []string{"/seat", fmt.Sprintf("/hand/%d.png", n), "/hand/0.png"} {
			code, _ := rig.get(t, tc.c, "/t/"+token+path)
			assert.Equal(t, tc.status, code, "%s asks for %s", tc.who, path)
		}
		code, page := rig.get(t, tc.c, "/t/"+token)
		require.Equal(t, http.StatusOK, code)
		assert.False(t, strings.Contains(page, "/hand/"), "%s's page shows no hand", tc.who)
		assert.False(t, strings.Contains(page, `id="seat"`), "%s's page has no seat", tc.who)
	}
}

// TestForgedMultiMoves: at a multiplayer table, a move with no session,
// from someone not seated, from another seat than the one to act, with
// no or a wrong CSRF token, a stale version, an illegal move, or after
// the end is refused with a short answer, and nothing changes; without
// the bot (no Config.Play) the table is watched, not played, and says so.
func TestForgedMultiMoves(t *testing.T) {
	t.Parallel()
	rig := newSeatRig(t, nil)
	tb, token := rig.dealMulti(t, "secretagent", "deals=1", 4)
	annC, bobC, catC, nobody := rig.client(t, ann), rig.client(t, bob), rig.client(t, cat), rig.client(t, webtest.Person{})
	csrf := map[*http.Client]string{annC: rig.csrf(t, annC, token), bobC: rig.csrf(t, bobC, token), catC: rig.csrf(t, catC, token)}
	seat := games.WaitingOn(tb.Game)[0]
	turn, other := annC, bobC
	if seat == 1 {
		turn, other = bobC, annC
	}
	legal, v := tb.Game.Legal(seat)[0].String(), tb.Game.Moves()
	form := func(c *http.Client, version int, move string) url.Values {
		return url.Values{"csrf": {csrf[c]}, "version": {strconv.Itoa(version)}, "move": {move}}
	}
	check := func(t *testing.T, c *http.Client, f url.Values, status int, says string) {
		beforeRow, before := rig.record(t, tb.Row.ID)
		got, body := rig.post(t, c, "/t/"+token+"/move", f, "")
		assert.Equal(t, status, got, body)
		assert.Contains(t, body, says)
		afterRow, after := rig.record(t, tb.Row.ID)
		assert.Equal(t, before.Moves, after.Moves, "nothing changed")
		assert.Equal(t, beforeRow.Version, afterRow.Version, "nothing changed")
	}
	for _, tc := range []struct {
		name   string
		c      *http.Client
		form   url.Values
		status int
		says   string
	}{
		{"no session", nobody, form(turn, v, legal), http.StatusUnauthorized, "Sign in"},
		{"someone not seated", catC, form(catC, v, legal), http.StatusForbidden, "not your game"},
		{"another seat's move", other, form(other, v, legal), http.StatusUnprocessableEntity, "isn't possible"},
		{"another player's token", other, form(turn, v, legal), http.StatusForbidden, "expired"},
		{"no CSRF token", turn, url.Values{"version": {strconv.Itoa(v)}, "move": {legal}}, http.StatusForbidden, "expired"},
		{"a wrong CSRF token", turn, url.Values{"csrf": {"x" + csrf[turn]}, "version": {strconv.Itoa(v)}, "move": {legal}}, http.StatusForbidden, "expired"},
		{"a stale version", turn, form(turn, v-1, legal), http.StatusConflict, "moved on"},
		{"an illegal move", turn, form(turn, v, "play nothing"), http.StatusUnprocessableEntity, "isn't possible"},
	} {
		t.Run(tc.name, func(t *testing.T) { check(t, tc.c, tc.form, tc.status, tc.says) })
	}
	// Without JavaScript, a move answers with the page again.
	res, err := turn.PostForm(rig.url+"/t/"+token+"/move", form(turn, v, legal))
	require.NoError(t, err)
	res.Body.Close()
	assert.Equal(t, http.StatusOK, res.StatusCode)
	assert.Equal(t, "/t/"+token, res.Request.URL.Path, "back at the table")
	require.NoError(t, tb.Sync(context.Background()))
	require.Greater(t, tb.Game.Moves(), v, "the move was made")

	// A seat a computer player stands in for is watched, not played, until
	// its player takes it back in Discord.
	for range play.StandInAfter {
		_, err := tb.TimedOut(context.Background(), 1-seat, tb.Game.Moves())
		require.NoError(t, err)
	}
	code, page := rig.get(t, other, "/t/"+token)
	require.Equal(t, http.StatusOK, code)
	assert.True(t, strings.Contains(page, "take it back in Discord"), "the page says why it takes no move")
	assert.False(t, strings.Contains(page, `class="seat-move"`), "no control")
	t.Run("a seat a computer stands in for", func(t *testing.T) {
		check(t, other, form(other, tb.Game.Moves(), "play 1"), http.StatusForbidden, "computer player has your seat")
	})

	for !tb.Game.Status().Finished() {
		computerMove(t, tb)
	}
	require.NoError(t, tb.Finish(context.Background()))
	t.Run("after the end", func(t *testing.T) { check(t, turn, form(turn, tb.Game.Moves(), legal), http.StatusConflict, "over") })
}

// TestMultiWatchedWithoutTheBot: with no bot to play them (no
// Config.Play), a seated player sees their hand and the word that the
// table is played in Discord, no control; a move is refused.
func TestMultiWatchedWithoutTheBot(t *testing.T) {
	t.Parallel()
	rig := newPlayRig(t, nil)
	tb, token := rig.dealMulti(t, "secretagent", "", 4)
	c := rig.client(t, ann)
	code, page := rig.get(t, c, "/t/"+token)
	require.Equal(t, http.StatusOK, code)
	assert.True(t, strings.Contains(page, "made in Discord"), "the page says where the table is played")
	assert.True(t, strings.Contains(page, fmt.Sprintf("/hand/%d.png", tb.Game.Moves())), "the seat sees its hand")
	assert.False(t, strings.Contains(page, `class="seat-move"`), "no control")
	status, body := rig.post(t, c, "/t/"+token+"/move", url.Values{"csrf": {rig.csrf(t, c, token)}, "version": {strconv.Itoa(tb.Game.Moves())},
		"move": {"play 1"}}, "") // refused before the move is read
	assert.Equal(t, http.StatusForbidden, status)
	assert.Contains(t, body, "played in Discord")
}

// Package secretagent is David Parlett's Secret Agent: four players, thirteen
// cards each, a trump chosen by forbidding suits, and a score that multiplies
// each player's tricks by those of a secret agent. The rules are
// ../shared/rules/secret-agent.md.
//
// # Seats and turns
//
// Seats are 0–3 in playing order: play, and the deal, pass to the left, which
// is the next seat ((s+1) mod 4). A player's assignment names the agent
// relative to that player: Left is the next seat, Opposite the seat two away,
// Right the previous seat, Self the player.
//
// # The deal
//
// Game deal number N draws everything from one cards.NewRand(N), in this
// order: the first dealer (Below(4)); then, for each deal in turn, the
// shuffle of a fresh 52-card deck (cards.NewDeck, then Shuffle) and the
// shuffle of the four assignment cards [Left Opposite Right Self] (the same
// Fisher–Yates as cards.Rand.Shuffle: for i = 3 … 1 swap i with Below(i+1)).
// Cards are dealt one at a time starting at the dealer's left: card i of the
// shuffled deck goes to seat (dealer+1+i) mod 4, and assignment card i to the
// same seat.
//
// A deal runs: three forbids (from the dealer's left), the dealer's choice of
// trump or No Trump, then 13 tricks led first by the dealer's left. After the
// last trick the deal is scored and revealed (View.Revealed), and the next deal
// starts by itself with the next dealer: there is no move between deals. A game
// is four deals; while two or more seats share the highest total, one more deal
// is played at a time. Then the status is Over and Winners holds the leader.
//
// # Notation
//
// Moves are short lines of text, case-insensitive; Move.String writes the
// canonical form shown first, which Parse reads back:
//
//	forbid S    forbid suit S as trump. S is c, d, h or s; the symbols ♣ ♦ ♥ ♠
//	            and the names (clubs, hearts, …) are accepted too.
//	trump       (the dealer) make the one suit nobody forbade trump.
//	notrump     (the dealer) play at No Trump; also "no trump", "nt".
//	play QH     play a card, written as cards.Parse reads it: AS, TH or 10H,
//	            7c, Q♥. A card on its own ("QH") is read as "play QH".
//
// # Views
//
// View(seat) holds that seat's hand and assignment and everything public:
// hand sizes, dealer, phase, forbidden suits, trump, the trick in progress,
// every completed trick of the deal, tricks taken, totals and the revealed
// results of finished deals. View(games.Spectator) is the same without any hand
// or assignment. State holds everything, for tests and the scripted mode.
//
// # Computer players
//
// Choose plays a seat from its view alone; PlayOut plays a whole game among
// computer players and Summary reports it. See ai.go for the tactics.
// ComputerSeeded gives a computer player at a level (games.Easy, games.Normal,
// which is Choose, or games.Hard, which searches over deals of the cards it
// cannot see); see level.go and search.go.
package secretagent

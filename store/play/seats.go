package play

import (
	"crypto/rand"
	"encoding/binary"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/store"
)

// computerNames name the computer players, seat by seat.
var computerNames = [...]string{"Ace", "Bond", "Cipher", "Dagger", "Echo"}

// ComputerName names the computer player at seat.
func ComputerName(seat int) string { return computerNames[seat%len(computerNames)] }

// Seat numbers players in order and names the computer players.
func Seat(players []store.Player) []store.Player {
	for s := range players {
		players[s].Seat = s
		if players[s].Computer {
			players[s].Name = ComputerName(s)
		}
	}
	return players
}

// Fill seats computer players in the empty seats a game needs to start: up
// to its fewest players, or all its seats when its count is fixed.
func Fill(info games.Info, players []store.Player) []store.Player {
	out := append([]store.Player(nil), players...)
	target := max(len(out), info.MinSeats)
	if info.MinSeats == info.MaxSeats {
		target = info.MaxSeats
	}
	for len(out) < target {
		out = append(out, store.Player{Computer: true})
	}
	return Seat(out)
}

// RandomDeal picks a deal number for a new table, from 1 to 1,000,000. It
// is the one place chance enters a game: engines are given the number.
func RandomDeal() uint64 {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])%1_000_000 + 1
}

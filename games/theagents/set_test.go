package theagents

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSetShape(t *testing.T) {
	s := Set()
	assert.Equal(t, 36, s.AgentCards)
	assert.Equal(t, 20, s.MissionCards)
	assert.Len(t, s.SafeHouses, 5)
	assert.GreaterOrEqual(t, len(s.Agents), 20)
	free, mercs := 0, 0
	kinds := map[CommandKind]map[Scope]bool{}
	var insert, anyFaction bool
	keys := map[string]bool{}
	for _, a := range s.Agents {
		require.False(t, keys[a.Key], "key %s twice", a.Key)
		keys[a.Key] = true
		assert.NotEmpty(t, a.Name)
		assert.NotEmpty(t, a.Flavour)
		assert.NotEmpty(t, a.Command.Text(), a.Key)
		assert.Positive(t, a.Count)
		if a.Free {
			free++
			assert.Positive(t, a.IP, a.Key)
			assert.Empty(t, a.Colour, a.Key)
			assert.False(t, a.Command.OnAgents() && a.Command.Scope != Anywhere, "%s: a Free Agent reaches any faction", a.Key)
		} else {
			assert.Contains(t, []Colour{White, Black}, a.Colour, a.Key)
			assert.True(t, a.Command.OnAgents(), a.Key)
		}
		if a.Mercenary {
			mercs++
		}
		if kinds[a.Command.Kind] == nil {
			kinds[a.Command.Kind] = map[Scope]bool{}
		}
		kinds[a.Command.Kind][a.Command.Scope] = true
		insert = insert || a.InsertAnywhere
		anyFaction = anyFaction || a.AnyFaction
		got, ok := AgentByKey(a.Key)
		require.True(t, ok)
		assert.Equal(t, a, got)
		got, ok = AgentByKey(a.Name)
		require.True(t, ok)
		assert.Equal(t, a.Key, got.Key)
	}
	assert.GreaterOrEqual(t, free, 6)
	assert.GreaterOrEqual(t, mercs, 2)
	assert.True(t, insert)
	assert.True(t, anyFaction)
	for _, k := range []CommandKind{Kill, Extract, Turn, Swap, Revive} {
		assert.GreaterOrEqual(t, len(kinds[k]), 3, "%s comes in three scopes", k)
	}
	for _, k := range []CommandKind{Draw, DrawMission, Spy, Steal} {
		assert.NotEmpty(t, kinds[k], k)
	}
	for _, m := range s.Missions {
		require.False(t, keys[m.Key], "key %s twice", m.Key)
		keys[m.Key] = true
		assert.NotEmpty(t, m.Name)
		assert.NotEmpty(t, m.Flavour)
		assert.NotEmpty(t, m.Condition.Text(), m.Key)
		assert.GreaterOrEqual(t, m.Reward, 1)
		assert.LessOrEqual(t, m.Reward, 4)
		got, ok := MissionByKey(m.Name)
		require.True(t, ok)
		assert.Equal(t, m.Key, got.Key)
	}
	_, ok := AgentByKey("nobody")
	assert.False(t, ok)
}

func TestSetJSONAndText(t *testing.T) {
	s := Set()
	b, err := json.Marshal(s)
	require.NoError(t, err)
	var back CardSet
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, s, back)
	assert.Contains(t, string(b), `"key":"sniper"`)
	assert.Contains(t, string(b), `"scope":"faction"`)
	text := s.Text()
	for _, a := range s.Agents {
		assert.Contains(t, text, a.Name)
		assert.Contains(t, text, a.Flavour)
	}
	for _, m := range s.Missions {
		assert.Contains(t, text, m.Name)
	}
	for _, h := range s.SafeHouses {
		assert.Contains(t, text, h.Name)
	}
	// Set returns a copy.
	s.Agents[0].Name = "changed"
	assert.Equal(t, "Sniper", Set().Agents[0].Name)
}

func TestCardTexts(t *testing.T) {
	tests := []struct {
		key, want string
	}{
		{"sniper", "Kill another agent of this faction."},
		{"cutthroat", "Kill an agent next to this one."},
		{"medic", "Revive a dead agent next to this one."},
		{"forger", "Swap the two agents on either side of this one."},
		{"turncoat", "Turn this agent."},
		{"informant", "Free Agent, 1 IP. Draw 2 agents."},
		{"mercenary", "Mercenary: may be played outside your turn, uses no action. Kill an agent next to this one."},
		{"mole", "Turn an agent next to this one. May be placed anywhere in a faction."},
		{"drifter", "Extract another agent of this faction into your hand. May be played to any faction, even one of two other players."},
	}
	for _, tt := range tests {
		a, ok := AgentByKey(tt.key)
		require.True(t, ok)
		assert.Equal(t, tt.want, a.Text(), tt.key)
	}
	m, _ := MissionByKey("graveyard")
	assert.Equal(t, "At least 2 dead agents. 2 IP.", m.Text())
}

package discordtest

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// table is a row of components as discordgo writes a table's buttons.
const table = `[{"components":[{"label":"t1 · 8♥","style":2,"disabled":true,"custom_id":"t:5:0:st1","type":2},` +
	`{"label":"Hint 💡","style":2,"disabled":false,"custom_id":"t:5:0:i","type":2,"emoji":{"name":"💡","id":null}}],"type":1},` +
	`{"components":[{"type":3,"custom_id":"t:5:0:a","placeholder":"Add a player","min_values":0,"max_values":1,` +
	`"options":[{"label":"Bond","value":"1","description":"careful","default":true,"emoji":{"id":"123","name":"b"}}]}],"type":1}]`

// TestDecodeComponentsFastPath: the fast reader takes what bots send as it
// is, and reads everything as encoding/json does (or leaves it to
// encoding/json).
func TestDecodeComponentsFastPath(t *testing.T) {
	r := jsonReader{b: []byte(table)}
	var rows []wireComponent
	require.True(t, r.components(&rows, 0) && r.end(), "a table is read without encoding/json")
	var want []wireComponent
	require.NoError(t, json.Unmarshal([]byte(table), &want))
	assert.Equal(t, want, rows)
}

func FuzzDecodeComponents(f *testing.F) {
	for _, seed := range []string{
		table, `[]`, `null`, `{}`, `"x"`, `[{}]`, `[1]`, ` [ { "type" : 1 , "components" : [ ] } ] `,
		`[{"type":1,"components":null}]`, `[{"type":null,"label":null,"emoji":null,"options":null}]`,
		`[{"type":1,"components":[{"type":2,"label":"a\"b","custom_id":"x"}]}]`, // an escape
		`[{"type":1,"type":2}]`,        // a repeated key
		`[{"Type":1,"CUSTOM_ID":"x"}]`, // keys by case
		`[{"ſtyle":1,"K":2}]`,          // keys folding to ASCII
		`[{"type":1.0}]`, `[{"type":1e0}]`, `[{"type":"1"}]`, `[{"type":99999999999999999999}]`,
		`[{"disabled":1}]`, `[{"min_values":-3,"max_values":25,"required":false}]`,
		`[{"emoji":{"id":5}}]`, `[{"emoji":"x"}]`, `[{"options":[{"label":"a","extra":{"k":[1,{"z":"\u00e9"}]}}]}]`,
		`[{"unknown":[1,2,{"a":null}],"x":"\\","type":2}]`, `[{"label":"\u0041"}]`, "[{\"label\":\"\xff\"}]",
		`[{"components":[{"components":[{"components":[{"type":2}]}]}]}]`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		if !json.Valid(raw) {
			return // the fake decodes components of checked bodies only
		}
		var want []wireComponent
		wantErr := json.Unmarshal(raw, &want)
		r := jsonReader{b: raw}
		var fast []wireComponent
		if r.components(&fast, 0) && r.end() { // what the fast reader takes, it reads right
			require.NoError(t, wantErr)
			require.Equal(t, want, fast)
		}
		got, err := decodeComponents(raw)
		if wantErr != nil {
			require.Error(t, err)
			return
		}
		require.NoError(t, err)
		require.Equal(t, want, got)
	})
}

func FuzzDecodeFields(f *testing.F) {
	for _, seed := range []string{
		`{"type":7,"data":{"content":"x","components":` + table + `,"flags":64,"embeds":null}}`,
		`{"type":5}`, `{"type":4,"data":null}`, `{"Type":4}`, `{"type":4,"type":7}`, `{"type":"4"}`, `{"type":4.0}`,
		`{"type":9,"data":{"custom_id":"m","title":"t","components":[]}}`, `{"type":4,"data":[1]}`,
		`{"data":{"a\"b":1,"c":{"d":[1,"\\"]}},"x":{}}`, `{"data":{"k":1,"k":2}}`, `{}`, `null`, `[]`, ` { "data" : { } } `,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		if !json.Valid(raw) {
			return // the fake decodes checked bodies only
		}
		// An object to its keys.
		var want map[string]json.RawMessage
		wantErr := json.Unmarshal(raw, &want)
		r := jsonReader{b: raw}
		if fast, ok := r.fields(); ok && r.end() {
			require.NoError(t, wantErr)
			require.Equal(t, want, fast)
		}
		got, err := decodeFields(raw)
		require.Equal(t, wantErr != nil, err != nil)
		require.Equal(t, want, got)

		// An interaction response to its type and data's keys.
		var cb struct {
			Type int                        `json:"type"`
			Data map[string]json.RawMessage `json:"data"`
		}
		cbErr := json.Unmarshal(raw, &cb)
		r = jsonReader{b: raw}
		if c, ok := r.callback(); ok && r.end() {
			require.NoError(t, cbErr)
			require.Equal(t, callbackBody{Type: cb.Type, Fields: cb.Data, decoded: true}, c)
		}
	})
}

package discordtest

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestMarshalWith(t *testing.T) {
	assert.JSONEq(t, `{"a":1,"s":"<é>","b":[1],"c":{}}`, string(marshalWith(struct {
		A int    `json:"a"`
		S string `json:"s"`
	}{1, "<é>"}, rawField{"b", []byte(`[1]`)}, rawField{"c", []byte(`{}`)})))
	assert.Equal(t, `{"b":null}`, string(marshalWith(struct{}{}, rawField{"b", []byte(`null`)})))
}

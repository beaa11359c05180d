package lang_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/dealer/dealer/render/lang"
)

func TestMatch(t *testing.T) {
	for _, tc := range []struct {
		tags string
		want lang.Lang
	}{
		{"", lang.English},
		{"en-US", lang.English},
		{"en-GB", lang.English},
		{"es-ES", lang.Spanish},
		{"es-419", lang.Spanish},
		{"pt-BR", lang.Portuguese},
		{"de", lang.German},
		{"de-AT", lang.German},
		{"fr", lang.English},
		{"ja", lang.English},
		{"fr;q=0.9, de;q=0.8", lang.German},
		{"not a tag!", lang.English},
	} {
		assert.Equal(t, tc.want, lang.Match(tc.tags), tc.tags)
	}
}

func TestLangNames(t *testing.T) {
	for _, l := range lang.All {
		assert.True(t, l.Known())
		assert.NotEmpty(t, l.Name())
	}
	assert.Equal(t, lang.English, lang.Lang("").Or())
	assert.False(t, lang.Lang("fr").Known())
}

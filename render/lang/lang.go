// Package lang holds the languages the dealer speaks and the catalogs of
// its texts: each package that writes words for players keeps its own
// texts in files, one per language, with one key set, and looks them up
// here. A key is the English text itself (a fmt format when it takes
// arguments), so code reads as it is shown and a missing translation
// falls back to English.
package lang

import (
	"slices"

	"golang.org/x/text/language"
)

// A Lang is a language the dealer speaks, by its BCP 47 tag. The zero
// Lang is English.
type Lang string

// The languages, English first: the fallback for every other.
const (
	English    Lang = "en"
	Spanish    Lang = "es"
	Portuguese Lang = "pt-BR" // Brazilian Portuguese
	German     Lang = "de"
)

// All lists every language the dealer speaks, English first.
var All = []Lang{English, Spanish, Portuguese, German}

// matcher picks the closest language of All for a requested tag.
var matcher = language.NewMatcher([]language.Tag{
	language.English, language.Spanish, language.BrazilianPortuguese, language.German,
})

// Match is the language of All closest to a BCP 47 tag or an HTTP
// Accept-Language list ("es-419", "pt-BR", "de-AT", "fr;q=0.9, de"), and
// English when none is close: Discord's "es-ES" and "es-419" are Spanish,
// its "fr" is English.
func Match(tags string) Lang {
	if tags == "" {
		return English
	}
	want, _, err := language.ParseAcceptLanguage(tags)
	if err != nil || len(want) == 0 {
		return English
	}
	_, i, conf := matcher.Match(want...)
	if conf == language.No {
		return English
	}
	return All[i]
}

// Or is l, or English for the zero Lang.
func (l Lang) Or() Lang {
	if l == "" {
		return English
	}
	return l
}

// Known reports whether l is one of All.
func (l Lang) Known() bool { return slices.Contains(All, l) }

// Name is the language's name in itself, as a player picks it:
// "Español".
func (l Lang) Name() string {
	switch l.Or() {
	case Spanish:
		return "Español"
	case Portuguese:
		return "Português do Brasil"
	case German:
		return "Deutsch"
	}
	return "English"
}

// tag is l as x/text knows it.
func (l Lang) tag() language.Tag {
	t, err := language.Parse(string(l.Or()))
	if err != nil {
		return language.English
	}
	return t
}

package bot

import (
	"encoding/json"
	"reflect"
	"unsafe"

	"github.com/bwmarrin/discordgo"
)

// discordgo v0.29.0 ignores READY's resume_gateway_url and resumes at the
// URL it first connected to; Discord asks that resumes go to the URL READY
// names (the first URL may not hold the session). onRawReady puts that URL
// where discordgo's next connection reads its gateway. There is no exported
// way to set it, so the unexported field is written through reflection; a
// test (TestResumesAtTheResumeURL) catches a discordgo that renames it.
func (b *Bot) onRawReady(s *discordgo.Session, e *discordgo.Event) {
	if e.Type != "READY" {
		return
	}
	defer b.recover("ready (resume URL)")
	var ready struct {
		ResumeGatewayURL string `json:"resume_gateway_url"`
	}
	if err := json.Unmarshal(e.RawData, &ready); err != nil || ready.ResumeGatewayURL == "" {
		return
	}
	if !setGateway(s, ready.ResumeGatewayURL+"?v="+discordgo.APIVersion+"&encoding=json") {
		b.log.Warn("this discordgo has no gateway field: resumes go to the first gateway URL")
	}
}

// setGateway sets the gateway URL of s's next connection.
func setGateway(s *discordgo.Session, url string) bool {
	f := reflect.ValueOf(s).Elem().FieldByName("gateway")
	if !f.IsValid() || f.Kind() != reflect.String {
		return false
	}
	s.Lock()
	defer s.Unlock()
	reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem().SetString(url)
	return true
}

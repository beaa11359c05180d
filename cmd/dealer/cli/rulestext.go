package cli

import (
	"fmt"
	"strings"

	"github.com/dealer/dealer/docs/rules"
	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/render"
)

func rulesUsage(e env) string {
	return "usage: dealer rules GAME\n\nThe rules of GAME for players: in short, the moves with examples, and in\nfull. The games: " +
		gameNames(e.reg) + ".\n"
}

// rulesCmd is `dealer rules GAME`.
func rulesCmd(e env, args []string) int {
	fs := newFlags("dealer rules")
	rg, code, ok := gameArg(e, "rules", fs, args)
	if !ok {
		return code
	}
	fmt.Fprintln(e.stdout, rulesText(rg.Info))
	return exitOK
}

// rulesText is a game's rules file as terminal text, or its summary when
// it has none.
func rulesText(info games.Info) string {
	text, ok := rules.Text(info.Name)
	if !ok {
		return render.TermWrap(info.Summary, width, "")
	}
	return strings.TrimRight(markdownText(text), "\n")
}

// markdownText writes the markdown of the rules files as terminal text,
// within the terminal's width: headings on their own lines (the title and
// the sections in capitals), paragraphs
// and list items wrapped at spaces (items with a hanging indent), code
// kept as it is; `code` marks dropped.
func markdownText(md string) string {
	var b strings.Builder
	var para []string
	bullet := false
	flush := func() {
		if len(para) == 0 {
			return
		}
		text := strings.ReplaceAll(strings.Join(para, " "), "`", "")
		indent := ""
		if bullet {
			indent = "  "
		}
		b.WriteString(render.TermWrap(text, width, indent) + "\n")
		para, bullet = nil, false
	}
	for _, l := range strings.Split(md, "\n") {
		switch {
		case strings.TrimSpace(l) == "":
			flush()
		case strings.HasPrefix(l, "#"):
			flush()
			title := strings.TrimSpace(strings.TrimLeft(l, "#"))
			if !strings.HasPrefix(l, "###") {
				title = strings.ToUpper(title)
			}
			b.WriteString("\n" + title + "\n")
		case strings.HasPrefix(l, "    "):
			flush()
			b.WriteString(render.TermWrap(l, width, "      ") + "\n")
		case strings.HasPrefix(l, "- "):
			flush()
			para, bullet = []string{l}, true
		default:
			para = append(para, strings.TrimSpace(l))
		}
	}
	flush()
	return strings.TrimLeft(b.String(), "\n")
}

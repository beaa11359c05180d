package cli

import (
	"bufio"
	"errors"
	"io"
	"unicode/utf8"
)

// lineReader reads lines of any length, keeping at most max bytes of each:
// a longer line is reported with its length and skipped, never an error
// that ends the input (bufio.Scanner stops at 64 KB).
type lineReader struct {
	r   *bufio.Reader
	max int
}

// newLineReader reads r, keeping at most max bytes of a line.
func newLineReader(r io.Reader, max int) *lineReader {
	return &lineReader{r: bufio.NewReader(r), max: max}
}

// line is one line of input, without its line ending.
type line struct {
	text string
	// runes is the whole line's length in characters; more than the
	// reader keeps when long is set.
	runes int
	long  bool
}

// next returns the next line; false at the end of the input (a last line
// without a line ending is still a line).
func (l *lineReader) next() (line, bool, error) {
	var (
		keep   []byte
		size   int
		runes  int
		tail   [2]byte // the line's last two bytes
		closed bool    // the line ended with '\n'
	)
	for {
		chunk, err := l.r.ReadSlice('\n')
		size += len(chunk)
		runes += utf8.RuneCount(chunk)
		if room := l.max + 2 - len(keep); room > 0 {
			keep = append(keep, chunk[:min(room, len(chunk))]...)
		}
		for _, b := range chunk[max(0, len(chunk)-2):] {
			tail[0], tail[1] = tail[1], b
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if err != nil && !errors.Is(err, io.EOF) {
			return line{}, false, err
		}
		if err != nil && size == 0 {
			return line{}, false, nil
		}
		closed = err == nil
		break
	}
	end := 0
	if closed {
		end = 1
		if size >= 2 && tail[0] == '\r' {
			end = 2
		}
	}
	size, runes = size-end, runes-end
	if size > l.max {
		return line{text: string(keep[:l.max]), runes: runes, long: true}, true, nil
	}
	return line{text: string(keep[:size]), runes: runes}, true, nil
}

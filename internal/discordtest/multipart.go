package discordtest

import (
	"bufio"
	"bytes"
	"mime"
	"net/textproto"
	"path/filepath"
)

// formPart is a part of a multipart/form-data body.
type formPart struct {
	name, filename, contentType string
	data                        []byte
}

// splitMultipart cuts a multipart/form-data body into its parts without
// copying them, as mime/multipart would read them (FuzzSplitMultipart
// compares the two). Under load every move uploads a picture of tens of
// kilobytes, which mime/multipart copies in 4 kB steps.
//
// It takes the layout multipart.Writer writes (discordgo's): the body opens
// with "--boundary\r\n"; each part is its header lines, a blank line, its
// data, then "\r\n--boundary" and "\r\n" before the next part, or "--" (and
// nothing, or "\r\n" and anything) after the last. Anything else — a
// preamble, spaces after a delimiter, a part whose data starts with the
// delimiter, a Content-Transfer-Encoding, a header it cannot read exactly —
// makes it give up (ok false), and the body is read with mime/multipart.
func splitMultipart(body []byte, boundary string) (parts []formPart, ok bool) {
	if boundary == "" || len(boundary) > 70 { // RFC 2046's bound; mime/multipart reads lines in 4 kB
		return nil, false
	}
	dash := []byte("--" + boundary)
	delim := []byte("\r\n--" + boundary)
	if !bytes.HasPrefix(body, dash) || !bytes.HasPrefix(body[len(dash):], []byte("\r\n")) {
		return nil, false
	}
	pos := len(dash) + 2
	for {
		// The header lines, up to the blank line.
		end := bytes.Index(body[pos:], []byte("\r\n\r\n"))
		if end < 0 || end > 16<<10 {
			return nil, false
		}
		hdr, ok := readHeader(body[pos : pos+end+4])
		if !ok || hdr.Get("Content-Transfer-Encoding") != "" {
			return nil, false
		}
		pos += end + 4
		// The data, up to the next delimiter.
		if bytes.HasPrefix(body[pos:], dash) {
			return nil, false // mime/multipart reads an empty part there
		}
		n := bytes.Index(body[pos:], delim)
		if n < 0 {
			return nil, false
		}
		disposition, params, err := mime.ParseMediaType(hdr.Get("Content-Disposition"))
		if err != nil {
			params = nil
		}
		p := formPart{contentType: hdr.Get("Content-Type"), data: body[pos : pos+n : pos+n]}
		if disposition == "form-data" { // multipart.Part's FormName
			p.name = params["name"]
		}
		if f := params["filename"]; f != "" { // and FileName
			p.filename = filepath.Base(f)
		}
		parts = append(parts, p)
		pos += n + len(delim)
		rest := body[pos:]
		switch {
		case bytes.HasPrefix(rest, []byte("\r\n")):
			pos += 2
		case bytes.HasPrefix(rest, []byte("--")) && (len(rest) == 2 || bytes.HasPrefix(rest[2:], []byte("\r\n"))):
			return parts, true
		default:
			return nil, false
		}
	}
}

// readHeader reads a part's header lines, blank line included, as
// mime/multipart does (with net/textproto), if they are exactly that.
func readHeader(b []byte) (textproto.MIMEHeader, bool) {
	br := bufio.NewReaderSize(bytes.NewReader(b), len(b))
	h, err := textproto.NewReader(br).ReadMIMEHeader()
	return h, err == nil && br.Buffered() == 0
}

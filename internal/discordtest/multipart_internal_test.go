package discordtest

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net/textproto"
	"testing"

	"github.com/stretchr/testify/require"
)

// formBody is a body as discordgo writes one: payload_json, then each file
// as files[n], of its content type (application/octet-stream when it has
// none). It returns the body and its boundary.
func formBody(t testing.TB, payload string, files ...File) ([]byte, string) {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	part := func(disposition, contentType string, data []byte) {
		h := textproto.MIMEHeader{}
		h.Set("Content-Disposition", disposition)
		h.Set("Content-Type", contentType)
		p, err := mw.CreatePart(h)
		require.NoError(t, err)
		_, err = p.Write(data)
		require.NoError(t, err)
	}
	part(`form-data; name="payload_json"`, "application/json", []byte(payload))
	for n, f := range files {
		part(fmt.Sprintf(`form-data; name="files[%d]"; filename="%s"`, n, f.Name), cmp.Or(f.ContentType, "application/octet-stream"), f.Data)
	}
	require.NoError(t, mw.Close())
	return buf.Bytes(), mw.Boundary()
}

// TestSplitMultipart: the splitter takes discordgo's bodies as they are.
func TestSplitMultipart(t *testing.T) {
	body, boundary := formBody(t, `{"content":"x"}`, File{Name: "dir/table.png", Data: []byte("\x89PNG\r\n--not the boundary\r\n")})
	parts, ok := splitMultipart(body, boundary)
	require.True(t, ok)
	require.Equal(t, []formPart{
		{name: "payload_json", contentType: "application/json", data: []byte(`{"content":"x"}`)},
		{name: "files[0]", filename: "table.png", contentType: "application/octet-stream", data: []byte("\x89PNG\r\n--not the boundary\r\n")},
	}, parts)
}

func FuzzSplitMultipart(f *testing.F) {
	body, boundary := formBody(f, `{"content":"x"}`, File{Name: "a.png", Data: []byte("data")},
		File{Name: "b.png", Data: nil})
	f.Add(body, boundary)
	for _, s := range []string{
		"--b\r\nContent-Disposition: form-data; name=\"payload_json\"\r\n\r\n{}\r\n--b--",
		"--b\r\nContent-Disposition: form-data; name=\"x\"\r\n\r\n--b\r\nA: 1\r\n\r\n\r\n--b--\r\nepilogue",
		"preamble\r\n--b\r\nA: 1\r\n\r\nd\r\n--b--\r\n",
		"--b \r\nA: 1\r\n\r\nd\r\n--b --\r\n",
		"--b\nA: 1\n\nd\n--b--\n",
		"--b\r\nA: 1\r\n continued\r\n\r\nd\r\n--bx\r\n--b--",
		"--b\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\na=3Db\r\n--b--",
		"--b\r\n\r\nno header\r\n--b--",
		"--b\r\nContent-Disposition: attachment; name=\"x\"; filename=\"../../f\"\r\n\r\n\r\n--b--garbage",
		"--b\r\nContent-Disposition: form-data; name=\"x\r\n\r\nd\r\n--b--",
	} {
		f.Add([]byte(s), "b")
	}
	f.Fuzz(func(t *testing.T, body []byte, boundary string) {
		parts, ok := splitMultipart(body, boundary)
		if !ok {
			return
		}
		// What mime/multipart reads there.
		var want []formPart
		mr := multipart.NewReader(bytes.NewReader(body), boundary)
		for {
			p, err := mr.NextPart()
			if errors.Is(err, io.EOF) {
				break
			}
			require.NoError(t, err)
			data, err := io.ReadAll(p)
			require.NoError(t, err)
			want = append(want, formPart{name: p.FormName(), filename: p.FileName(), contentType: p.Header.Get("Content-Type"), data: data})
		}
		require.Len(t, parts, len(want))
		for i := range want {
			require.Equal(t, want[i].name, parts[i].name)
			require.Equal(t, want[i].filename, parts[i].filename)
			require.Equal(t, want[i].contentType, parts[i].contentType)
			require.Equal(t, string(want[i].data), string(parts[i].data))
		}
	})
}

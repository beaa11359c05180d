package pngenc

// The length and distance codes of RFC 1951, 3.2.5.
var (
	lengthBase  = [29]uint16{3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258}
	lengthExtra = [29]uint8{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0}
	distBase    = [30]uint16{1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577}
	distExtra   = [30]uint8{0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13}

	lengthCode [maxMatch + 1]uint8 // by length
	distCode   [512]uint8          // by distance-1 below 256, then by (distance-1)>>7
	symExtra   [286]uint8          // extra bits by literal/length symbol
	distExtraN [noDist + 1]uint8   // extra bits by distance code, none for noDist
)

func init() {
	copy(symExtra[257:], lengthExtra[:])
	copy(distExtraN[:], distExtra[:])
	for c := range lengthBase {
		top := maxMatch
		if c+1 < len(lengthBase) {
			top = int(lengthBase[c+1]) - 1
		}
		for l := int(lengthBase[c]); l <= top; l++ {
			lengthCode[l] = uint8(c)
		}
	}
	for c := range distBase {
		lo, hi := int(distBase[c])-1, windowSize-1
		if c+1 < len(distBase) {
			hi = int(distBase[c+1]) - 2
		}
		for v := lo; v <= hi; v++ {
			if v < 256 {
				distCode[v] = uint8(c)
			} else {
				distCode[256+v>>7] = uint8(c)
			}
		}
	}
}

func distanceCode(dm1 int) int {
	far := (255 - dm1) >> 63 // -1 from 256 on
	return int(distCode[(dm1^(dm1^(256+dm1>>7))&far)&511])
}

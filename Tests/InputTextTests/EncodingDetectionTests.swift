import InputText
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Text that is no UTF-8, told by uchardet, with our own rules breaking
/// the tie where it has too little to go on: what every reader decodes.
@Suite struct EncodingDetectionTests {
    /// `text` in the encoding iconv calls `name`.
    static func encoded(_ text: String, _ name: String) -> [UInt8] {
        let converter = iconv_open(name, "UTF-8")
        precondition(converter != iconv_t(bitPattern: -1), "no \(name) in iconv")
        defer { iconv_close(converter) }
        var input = Array(text.utf8)
        var output = [UInt8](repeating: 0, count: 4 * input.count + 16)
        var inputLeft = input.count, outputLeft = output.count
        let result = input.withUnsafeMutableBytes { i in
            output.withUnsafeMutableBytes { o in
                var ip = i.baseAddress?.assumingMemoryBound(to: CChar.self)
                var op = o.baseAddress?.assumingMemoryBound(to: CChar.self)
                return iconv(converter, &ip, &inputLeft, &op, &outputLeft)
            }
        }
        precondition(result != -1, "\(text) has no \(name) form")
        return Array(output[0..<(output.count - outputLeft)])
    }

    /// A Windows `tree /F` listing saved in a Chinese locale, its folders
    /// named in Russian and Greek: most of its characters are no Chinese,
    /// which our old rule took for Windows-1252.
    static let listing = """
        文件夹 PATH 列表
        卷序列号为 6C3E-1F2A
        C:.
        ├─Документы
        │  ├─Отчёты
        │  │      годовой_отчёт.docx
        │  │      квартал.xlsx
        │  └─Письма
        │          письмо_Ивану.txt
        ├─Έγγραφα
        │      Ελληνικά.txt
        │      σημειώσεις.md
        └─Фотографии
                лето.jpg

        """

    @Test func aChineseListingOfRussianAndGreekNamesIsGB18030() throws {
        let bytes = Self.encoded(Self.listing, "GB18030")
        #expect(DecodedText.guessLegacy(bytes) == .windows1252)
        #expect(DecodedText.uchardet(bytes) == "GB18030")
        let text = try DecodedText(decoding: bytes, as: nil)
        #expect(text.encoding == .gb18030 && text.string == Self.listing)
    }

    @Test(arguments: [
        ("Отдел продаж\n  Москва\n    Иванов Иван Петрович\n    Смирнова Ольга\n  Санкт-Петербург\n    Кузнецов Дмитрий\n", "WINDOWS-1251", "Windows-1251"),
        ("Отдел продаж\n  Москва\n    Иванов Иван Петрович\n    Смирнова Ольга\n  Санкт-Петербург\n    Кузнецов Дмитрий\n", "KOI8-R", "KOI8-R"),
        ("東京本社\n  営業部\n    山田太郎\n    佐藤花子\n  開発部\n    鈴木一郎\n", "SHIFT_JIS", "SHIFT_JIS"),
    ])
    func otherScriptsAreToldAndDecoded(_ text: String, _ encoding: String, _ shown: String) throws {
        let read = try DecodedText(decoding: Self.encoded(text, encoding), as: nil)
        #expect(read.encoding == .other(encoding) && read.encoding.name == shown)
        #expect(read.string == text)
    }

    /// A few words give uchardet's statistics little to go on: our rules
    /// decide, unless they read another script as a jumble of accents.
    @Test func shortTextsAreTieBrokenByOurRules() throws {
        // uchardet takes these 10 bytes of GBK for KOI8-R, and "Müller,
        // Café" for Windows-1250: our rules keep GB18030 and Windows-1252.
        let gbk = Self.encoded("文件夹 PATH 列表", "GB18030")
        #expect(DecodedText.uchardet(gbk) != "GB18030")
        #expect(try DecodedText(decoding: gbk, as: nil).encoding == .gb18030)
        #expect(try DecodedText(decoding: Self.encoded("Müller, Café", "WINDOWS-1252"), as: nil).encoding == .windows1252)
        // "Zürich,Genève" pairs into two rare ideographs of GBK (FC 72, E8
        // 76), which our old rule took for Chinese; uchardet says ISO-8859-3.
        let swiss = Self.encoded("year,Zürich,Genève\n2000,1,2\n", "WINDOWS-1252")
        #expect(DecodedText.guessLegacy(swiss) == .gb18030)
        #expect(try DecodedText(decoding: swiss, as: nil).string == "year,Zürich,Genève\n2000,1,2\n")
        // "Привет, мир" would be "Ïðèâåò, ìèð" in Windows-1252.
        let russian = try DecodedText(decoding: Self.encoded("Привет, мир", "WINDOWS-1251"), as: nil)
        #expect(russian.encoding == .other("WINDOWS-1251") && russian.string == "Привет, мир")
    }

    @Test func aGivenOtherEncodingIsUsedAndItsBadBytesNamed() throws {
        #expect(TextEncoding(name: "cp1251") == .other("WINDOWS-1251") && TextEncoding(name: "KOI8-R") == .other("KOI8-R"))
        #expect(TextEncoding(name: "shift_jis") == .other("SHIFT_JIS") && TextEncoding(name: "iso-8859-7") == .other("ISO-8859-7"))
        #expect(try DecodedText(decoding: [0xCF, 0xF0, 0xE8], as: .other("WINDOWS-1251")).string == "При")
        // 0x98 is no character of Windows-1251.
        #expect(throws: TextError.self) { try DecodedText(decoding: [0x41, 0x98], as: .other("WINDOWS-1251")) }
    }
}

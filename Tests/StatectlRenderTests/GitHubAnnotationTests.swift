import Testing
import StatectlRender

@Suite("GitHub annotations")
struct GitHubAnnotationTests {
    @Test("a plain annotation names file, line, column and title")
    func plain() {
        let annotation = GitHubAnnotation(file: "a/b.script", line: 3, column: 7, title: "statectl test", message: "expectation failed")
        #expect(annotation.command == "::error file=a/b.script,line=3,col=7,title=statectl test::expectation failed\n")
    }

    @Test("the message escapes %, CR and LF; nothing else")
    func message() {
        #expect(GitHubAnnotation.escapeData("100% done\r\nnext: a,b") == "100%25 done%0D%0Anext: a,b")
        #expect(GitHubAnnotation.escapeData("%0A") == "%250A", "an escape in the text is not taken for a line break")
    }

    @Test("properties also escape : and , so a path or title cannot end them early")
    func properties() {
        #expect(GitHubAnnotation.escapeProperty("C:\\x,y%\n") == "C%3A\\x%2Cy%25%0A")
        let annotation = GitHubAnnotation(file: "odd,name:1.script", title: "t: x, y", message: "line one\nline two")
        #expect(annotation.command == "::error file=odd%2Cname%3A1.script,title=t%3A x%2C y::line one%0Aline two\n")
    }
}

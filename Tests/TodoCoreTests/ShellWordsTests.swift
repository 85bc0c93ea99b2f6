import Testing
import TodoCore

/// The history's command lines: each word as a shell needs it, `--` before values that would be
/// read as options, so an entry typed again makes the same change.
struct ShellWordsTests {
    @Test func plainWordsStandAsTheyAreAndTheRestAreQuoted() {
        #expect(ShellWords.joined(["add", "Work", "Prepare slides"]) == "add Work 'Prepare slides'")
        #expect(ShellWords.quoted("it's") == "'it'\\''s'")
        #expect(ShellWords.quoted("") == "''")
        #expect(ShellWords.quoted("café") == "'café'", "anything but plain ASCII is quoted")
        #expect(ShellWords.quoted("a-b_c.d/e:f+g=h,i@j%k") == "a-b_c.d/e:f+g=h,i@j%k")
        // A quote a combining mark follows is one Character but still the shell's quote.
        #expect(ShellWords.quoted("it'\u{301}s") == "'it'\\''\u{301}s'")
    }

    @Test func valuesThatStartWithADashComeAfterTwoDashes() {
        #expect(ShellWords.command("add", ["Work", "-1 point"]) == "add -- Work '-1 point'")
        #expect(ShellWords.command("delete-list", options: ["--force"], ["Home"]) == "delete-list --force Home")
        #expect(ShellWords.command("rm", ["12"]) == "rm 12")
    }
}

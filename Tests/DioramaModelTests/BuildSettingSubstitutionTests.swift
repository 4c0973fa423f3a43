import DioramaManifest
import DioramaModel
import DioramaTestTraits
import Testing

@Suite("Build setting substitution", .offSharedPool)
struct BuildSettingSubstitutionTests {
    let substitution = BuildSettingSubstitution(variables: [
        "PRODUCT_MODULE_NAME": "Notes",
        "PRODUCT_NAME": "My Notes+ 2",
        "PRODUCT_BUNDLE_IDENTIFIER": "com.example.notes",
        "EMPTY": "",
        "SUFFIX": "NAME",
    ])

    @Test("both bracket styles are replaced, anywhere in the text")
    func bracketStyles() {
        let result = substitution.substitute("$(PRODUCT_MODULE_NAME).SceneDelegate for ${PRODUCT_BUNDLE_IDENTIFIER}")
        #expect(result.value == "Notes.SceneDelegate for com.example.notes")
        #expect(result.unresolvedVariables.isEmpty)
    }

    @Test(
        "modifiers",
        arguments: [
            ("$(PRODUCT_NAME:rfc1034identifier)", "My-Notes--2"),
            ("$(PRODUCT_NAME:c99extidentifier)", "My_Notes__2"),
            ("$(PRODUCT_NAME:identifier)", "My_Notes__2"),
            ("$(PRODUCT_NAME:lower)", "my notes+ 2"),
            ("$(PRODUCT_NAME:upper)", "MY NOTES+ 2"),
            ("com.example.$(PRODUCT_NAME:rfc1034identifier:lower)", "com.example.my-notes--2"),
            ("$(EMPTY:default=fallback)", "fallback"),
            ("$(UNSET:default=fallback:upper)", "FALLBACK"),
            ("$(PRODUCT_$(SUFFIX))", "My Notes+ 2"),
        ])
    func modifiers(input: String, expected: String) {
        let result = substitution.substitute(input)
        #expect(result.value == expected)
        #expect(result.unresolvedVariables.isEmpty)
        #expect(result.unknownModifiers.isEmpty)
    }

    @Test("c99extidentifier puts an underscore before a leading digit")
    func leadingDigit() {
        let result = BuildSettingSubstitution(variables: ["N": "3D Viewer"]).substitute("$(N:c99extidentifier)")
        #expect(result.value == "_3D_Viewer")
    }

    @Test("unresolved variables stay as written and are reported")
    func unresolved() {
        let result = substitution.substitute("$(MISSING).$(PRODUCT_MODULE_NAME).${ALSO_MISSING:lower}")
        #expect(result.value == "$(MISSING).Notes.${ALSO_MISSING:lower}")
        #expect(result.unresolvedVariables == ["MISSING", "ALSO_MISSING"])
    }

    @Test("unknown modifiers are reported and skipped")
    func unknownModifier() {
        let result = substitution.substitute("$(PRODUCT_MODULE_NAME:base64)")
        #expect(result.value == "Notes")
        #expect(result.unknownModifiers == ["base64"])
    }

    @Test("text without references, or with unterminated ones, is unchanged")
    func literalText() {
        for text in ["plain", "cost: $5", "$(UNTERMINATED", "${", "$", "$$(x"] {
            let result = BuildSettingSubstitution(variables: [:]).substitute(text)
            #expect(result.value == text, "\(text)")
        }
    }

    @Test("the result stops at maximumLength and says so")
    func maximumLength() {
        let result = BuildSettingSubstitution(variables: ["A": String(repeating: "a", count: 600)], maximumLength: 1000)
            .substitute("$(A)$(A)$(A)")
        #expect(result.exceedsMaximumLength)
        #expect(result.value.utf8.count == 1000)
        let fits = BuildSettingSubstitution(variables: ["A": "a"], maximumLength: 3).substitute("$(A)$(A)$(A)")
        #expect(!fits.exceedsMaximumLength && fits.value == "aaa")
    }

    @Test("hostile brackets: 100,000 unclosed $( and 100,000 nested $(… are kept as written, without a quadratic scan or a stack overflow")
    func hostileBrackets() {
        let unclosed = String(repeating: "$(", count: 100_000)
        #expect(substitution.substitute(unclosed).value == unclosed)
        let nested = String(repeating: "$(", count: 100_000) + "A" + String(repeating: ")", count: 100_000)
        let result = substitution.substitute(nested)
        #expect(!result.exceedsMaximumLength)
        #expect(result.value.hasPrefix("$($("), "references nested deeper than \(BuildSettingSubstitution.maximumNesting) stay as written")
    }
}

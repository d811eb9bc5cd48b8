import Foundation
import PNG

/// A page of a ``Chromium``: evaluate scripts, press keys, wait for a
/// condition, take screenshots, read its problems.
public struct ChromiumPage: Sendable {
    public let browser: Chromium
    public let targetID: String
    /// The protocol session its commands go to.
    public let sessionID: String

    /// Evaluates `expression` in the page and returns its value; a promise
    /// is awaited first.
    ///
    /// - Throws: ``ChromiumError/scriptThrew(expression:message:)`` when it
    ///   throws or its promise rejects.
    @discardableResult
    public func evaluate(_ expression: String, timeout: Duration = Patience.command) async throws -> Chromium.Value {
        let reply = try await send(
            "Runtime.evaluate",
            ["expression": .string(expression), "returnByValue": .bool(true), "awaitPromise": .bool(true)],
            timeout: timeout)
        if let details = reply["exceptionDetails"] {
            throw ChromiumError.scriptThrew(
                expression: expression,
                message: details["exception"]?["description"]?.string ?? details["text"]?.string ?? "\(details)")
        }
        return reply["result"]?["value"] ?? .null
    }

    /// Evaluates `condition` until it is `true`, every 20 ms, and returns
    /// how long that took. A throw counts as false: the page may still be
    /// setting up what the condition reads.
    @discardableResult
    public func waitUntil(_ condition: String, timeout: Duration = Patience.page) async throws -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        var last = "never evaluated"
        while true {
            do {
                let value = try await evaluate(condition, timeout: timeout)
                if value == .bool(true) { return clock.now - start }
                last = "\(value)"
            } catch let error as ChromiumError {
                guard case .scriptThrew(_, let message) = error else { throw error }
                last = message
            }
            guard clock.now - start < timeout else {
                throw ChromiumError.conditionNeverHeld(condition: condition, seconds: timeout.seconds, last: last)
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Presses and releases `key`, as a keyboard would: the page sees
    /// keydown (and keypress for a character), then keyup.
    public func press(_ key: ChromiumKey) async throws {
        var params: [String: Chromium.Value] = [
            "key": .string(key.key), "code": .string(key.code),
            "windowsVirtualKeyCode": .number(Double(key.virtualKeyCode)),
            "nativeVirtualKeyCode": .number(Double(key.virtualKeyCode)),
            "modifiers": .number(Double(key.modifiers)),
        ]
        if let text = key.text {
            params["text"] = .string(text)
            params["unmodifiedText"] = .string(text)
        }
        // "rawKeyDown" for keys that type nothing, as Chromium's own input does.
        params["type"] = .string(key.text == nil ? "rawKeyDown" : "keyDown")
        try await send("Input.dispatchKeyEvent", params)
        params["type"] = .string("keyUp")
        params["text"] = nil
        params["unmodifiedText"] = nil
        try await send("Input.dispatchKeyEvent", params)
    }

    /// Clicks the left mouse button at (`x`, `y`) in CSS pixels.
    public func click(x: Double, y: Double) async throws {
        for type in ["mousePressed", "mouseReleased"] {
            try await send(
                "Input.dispatchMouseEvent",
                ["type": .string(type), "x": .number(x), "y": .number(y), "button": .string("left"),
                 "clickCount": .number(1)])
        }
    }

    /// The page as it is shown now, decoded.
    public func screenshot() async throws -> PNGImage {
        let reply = try await send("Page.captureScreenshot", ["format": .string("png")])
        guard let text = reply["data"]?.string, let bytes = Data(base64Encoded: text) else {
            throw ChromiumError.badScreenshot(reason: "no base64 PNG in the reply")
        }
        do {
            return try PNGFile.decode(Array(bytes))
        } catch {
            throw ChromiumError.badScreenshot(reason: error.description)
        }
    }

    /// Screenshots until `accept` takes one, and returns it; or, once
    /// `timeout` has passed, the last one taken, for the test to report.
    /// Between shots it waits for the page to draw again (two animation
    /// frames), not for a time: a video frame the page has decided can
    /// reach the screen a frame or two later, and later still on a busy
    /// machine.
    public func screenshot(
        until accept: (PNGImage) throws -> Bool, timeout: Duration = Patience.page
    ) async throws -> PNGImage {
        let clock = ContinuousClock()
        let start = clock.now
        while true {
            let shot = try await screenshot()
            if try accept(shot) || clock.now - start > timeout { return shot }
            try await nextAnimationFrames()
        }
    }

    /// Returns once the page has run two animation frames: the one that
    /// takes what the page decided and the one that shows it.
    public func nextAnimationFrames() async throws {
        try await evaluate("new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))")
    }

    /// From now on, every `<video>` of the page records the frames it
    /// sends to the screen (`requestVideoFrameCallback`, which also fires
    /// for a frame shown by a seek): `dataset.presented` is the media time
    /// of the last one, and `window.treeanimPresented` lists every one as
    /// `[video index, media time]`, so a test can tell which frames were
    /// shown, in which order, without racing a screenshot against them.
    /// Called again, it empties the list.
    public func recordPresentedVideoFrames() async throws {
        try await evaluate(
            """
            (() => {
              const recording = Array.isArray(window.treeanimPresented);
              window.treeanimPresented = [];
              if (recording) return true;
              document.querySelectorAll('video').forEach((video, index) => {
                const record = (now, frame) => {
                  video.dataset.presented = String(frame.mediaTime);
                  window.treeanimPresented.push([index, frame.mediaTime]);
                  video.requestVideoFrameCallback(record);
                };
                video.requestVideoFrameCallback(record);
              });
              return true;
            })()
            """)
    }

    /// Makes the page `width` × `height` CSS pixels at scale 1, whatever
    /// the browser's window: screenshots then have exactly that size.
    public func setViewport(width: Int, height: Int) async throws {
        try await send(
            "Emulation.setDeviceMetricsOverride",
            ["width": .number(Double(width)), "height": .number(Double(height)), "deviceScaleFactor": .number(1),
             "mobile": .bool(false)])
    }

    /// Console errors, uncaught exceptions and error log entries so far.
    public func problems() async -> [String] {
        await browser.problems(session: sessionID)
    }

    @discardableResult
    private func send(_ method: String, _ params: [String: Chromium.Value], timeout: Duration = Patience.command)
        async throws -> Chromium.Value
    {
        try await browser.send(method, params, session: sessionID, timeout: timeout)
    }
}

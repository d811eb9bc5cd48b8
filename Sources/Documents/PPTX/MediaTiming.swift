/// The timing tree that makes a slide's movie play by itself when the slide
/// appears: PowerPoint's "Start: Automatically".
///
/// PowerPoint writes a movie's playback as a media-call effect in the
/// slide's main sequence, `p:cmd type="call" cmd="playFrom(0.0)"`, aimed at
/// the movie shape. Set to start on click, the effect is a `clickEffect` in
/// a group that waits for the click (`delay="indefinite"`), as in the
/// movie of Apache POI's `EmbeddedVideo.pptx`, saved by PowerPoint 16.
/// Set to start automatically, it becomes an `afterEffect`, and its group
/// also starts when the main sequence begins (`evt="onBegin"` on node 2):
/// when the slide is shown. Beside the sequence stand the `p:video` node
/// that holds the media's state, and the interactive sequence with which a
/// click on the movie pauses or resumes it, both as PowerPoint writes them
/// for every movie.
enum MediaTiming {
    /// - Parameters:
    ///   - shape: the movie shape's id on the slide.
    ///   - milliseconds: the clip's length, the play effect's duration.
    static func playOnEntry(shape: Int, milliseconds: Int) -> String {
        let target = #"<p:tgtEl><p:spTgt spid="\#(shape)"/></p:tgtEl>"#
        return #"<p:timing><p:tnLst><p:par><p:cTn id="1" dur="indefinite" restart="never" nodeType="tmRoot">"#
            + "<p:childTnLst>" + mainSequence(target: target, milliseconds: milliseconds) + mediaNode(target: target)
            + pauseOnClick(target: target) + "</p:childTnLst></p:cTn></p:par></p:tnLst></p:timing>"
    }

    private static let atOnce = #"<p:stCondLst><p:cond delay="0"/></p:stCondLst>"#

    /// Time nodes 2…6: the main sequence, its one group starting with the
    /// sequence, and in it the play effect.
    private static func mainSequence(target: String, milliseconds: Int) -> String {
        #"<p:seq concurrent="1" nextAc="seek"><p:cTn id="2" dur="indefinite" nodeType="mainSeq"><p:childTnLst>"#
            + #"<p:par><p:cTn id="3" fill="hold"><p:stCondLst><p:cond delay="indefinite"/>"#
            + #"<p:cond evt="onBegin" delay="0"><p:tn val="2"/></p:cond></p:stCondLst><p:childTnLst>"#
            + #"<p:par><p:cTn id="4" fill="hold">\#(atOnce)<p:childTnLst>"#
            + #"<p:par><p:cTn id="5" presetID="1" presetClass="mediacall" presetSubtype="0" fill="hold" "#
            + #"nodeType="afterEffect">\#(atOnce)<p:childTnLst><p:cmd type="call" cmd="playFrom(0.0)"><p:cBhvr>"#
            + #"<p:cTn id="6" dur="\#(milliseconds)" fill="hold"/>\#(target)</p:cBhvr></p:cmd>"#
            + "</p:childTnLst></p:cTn></p:par></p:childTnLst></p:cTn></p:par></p:childTnLst></p:cTn></p:par>"
            + "</p:childTnLst></p:cTn>"
            + #"<p:prevCondLst><p:cond evt="onPrev" delay="0"><p:tgtEl><p:sldTgt/></p:tgtEl></p:cond></p:prevCondLst>"#
            + #"<p:nextCondLst><p:cond evt="onNext" delay="0"><p:tgtEl><p:sldTgt/></p:tgtEl></p:cond></p:nextCondLst>"#
            + "</p:seq>"
    }

    /// Time node 7: the movie's media node.
    private static func mediaNode(target: String) -> String {
        #"<p:video><p:cMediaNode vol="80000"><p:cTn id="7" fill="hold" display="0">"#
            + #"<p:stCondLst><p:cond delay="indefinite"/></p:stCondLst></p:cTn>\#(target)</p:cMediaNode></p:video>"#
    }

    /// Time nodes 8…12: the sequence a click on the movie triggers, which
    /// pauses or resumes it.
    private static func pauseOnClick(target: String) -> String {
        #"<p:seq concurrent="1" nextAc="seek"><p:cTn id="8" restart="whenNotActive" fill="hold" "#
            + #"evtFilter="cancelBubble" nodeType="interactiveSeq"><p:stCondLst><p:cond evt="onClick" delay="0">"#
            + #"\#(target)</p:cond></p:stCondLst><p:endSync evt="end" delay="0"><p:rtn val="all"/></p:endSync>"#
            + #"<p:childTnLst><p:par><p:cTn id="9" fill="hold">\#(atOnce)<p:childTnLst>"#
            + #"<p:par><p:cTn id="10" fill="hold">\#(atOnce)<p:childTnLst>"#
            + #"<p:par><p:cTn id="11" presetID="2" presetClass="mediacall" presetSubtype="0" fill="hold" "#
            + #"nodeType="clickEffect">\#(atOnce)<p:childTnLst><p:cmd type="call" cmd="togglePause"><p:cBhvr>"#
            + #"<p:cTn id="12" dur="1" fill="hold"/>\#(target)</p:cBhvr></p:cmd></p:childTnLst></p:cTn></p:par>"#
            + "</p:childTnLst></p:cTn></p:par></p:childTnLst></p:cTn></p:par></p:childTnLst></p:cTn>"
            + #"<p:nextCondLst><p:cond evt="onClick" delay="0">\#(target)</p:cond></p:nextCondLst></p:seq>"#
    }
}

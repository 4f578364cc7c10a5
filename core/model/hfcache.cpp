// SPDX-License-Identifier: Apache-2.0
#include "core/model/hfcache.h"

#include "core/model/jsonguard.h"
#include "core/units/inputerror.h"
#include "core/units/printable.h"
#include "core/units/regularfile.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <optional>

namespace iteragpu::model {

using units::InputError;
namespace fs = std::filesystem;

namespace {

    constexpr std::size_t kMaxPartLength = 96; // characters of ORG or NAME (the hub's own limit)
    constexpr std::size_t kMaxRevisionLength = 255;
    constexpr std::size_t kMaxRefBytes = 256; // a ref holds 40 hex digits and perhaps a newline
    constexpr std::size_t kMaxRefsListed = 256; // revisions listed per model
    constexpr std::size_t kMaxEntriesScanned = 100000; // directory entries looked at per folder

    std::string envValue(const char* name)
    {
        const char* v = std::getenv(name);
        return v ? std::string(v) : std::string();
    }

    bool isNameChar(char c)
    {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_'
            || c == '.';
    }

    // ORG or NAME: no path may be made from anything else.
    bool validPart(const std::string& p)
    {
        if (p.empty() || p.size() > kMaxPartLength)
            return false;
        if (!std::all_of(p.begin(), p.end(), isNameChar))
            return false;
        if (p.front() == '.' || p.front() == '-' || p.back() == '.' || p.back() == '-')
            return false;
        return p.find("..") == std::string::npos && p.find("--") == std::string::npos;
    }

    // A branch, tag, "pr/N" or commit: segments of name characters, none "." or "..".
    bool validRevision(const std::string& r)
    {
        // git refuses ".." anywhere in a ref name; so does this, whatever the segment.
        if (r.empty() || r.size() > kMaxRevisionLength || r.front() == '/' || r.back() == '/'
            || r.find("..") != std::string::npos)
            return false;
        std::size_t start = 0;
        while (start <= r.size()) {
            const std::size_t end = std::min(r.find('/', start), r.size());
            const std::string segment = r.substr(start, end - start);
            if (segment.empty() || segment == "." || segment == ".."
                || !std::all_of(segment.begin(), segment.end(), isNameChar))
                return false;
            start = end + 1;
        }
        return true;
    }

    bool isCommitHash(const std::string& s)
    {
        return s.size() == 40
            && std::all_of(s.begin(), s.end(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
    }

    struct ParsedId {
        std::string org; // empty for a repository without an owner
        std::string name;
        std::string revision; // empty: none given
    };

    std::optional<ParsedId> parseId(const std::string& text, bool needOrg)
    {
        ParsedId id;
        std::string repo = text;
        if (const auto at = text.find('@'); at != std::string::npos) {
            repo = text.substr(0, at);
            id.revision = text.substr(at + 1);
            if (!validRevision(id.revision))
                return std::nullopt;
        }
        const auto slash = repo.find('/');
        if (slash == std::string::npos) {
            if (needOrg)
                return std::nullopt;
            id.name = repo;
        } else {
            id.org = repo.substr(0, slash);
            id.name = repo.substr(slash + 1);
            if (!validPart(id.org))
                return std::nullopt;
        }
        if (!validPart(id.name))
            return std::nullopt;
        return id;
    }

    std::string folderName(const ParsedId& id)
    {
        return "models--" + (id.org.empty() ? std::string() : id.org + "--") + id.name;
    }

    // The revisions under refs/, relative names ("main", "pr/1"), sorted; bounded.
    std::vector<std::string> listRefs(const fs::path& repo)
    {
        std::vector<std::string> refs;
        std::error_code ec;
        const fs::path refsDir = repo / "refs";
        if (!fs::is_directory(refsDir, ec))
            return refs;
        std::size_t seen = 0;
        for (fs::recursive_directory_iterator it(refsDir, ec), end; !ec && it != end; it.increment(ec)) {
            if (++seen > kMaxEntriesScanned || refs.size() >= kMaxRefsListed || it.depth() > 4)
                break;
            if (it->is_regular_file(ec))
                refs.push_back(it->path().lexically_relative(refsDir).generic_string());
        }
        std::sort(refs.begin(), refs.end());
        return refs;
    }

    // A path under the cache folder as an error line shows it: escaped, cut when very long.
    std::string shownPath(const fs::path& path) { return units::printableName(path.string(), units::kTextBytes); }

    std::string joined(const std::vector<std::string>& items)
    {
        std::string s;
        for (const auto& i : items)
            s += (s.empty() ? "" : ", ") + jsonguard::oneLine(i, 80);
        return s.empty() ? std::string("none") : s;
    }

    // The 40-hex commit a ref file holds.
    std::string readRef(const fs::path& refFile)
    {
        std::string text;
        if (std::string error; !units::readRegularFile(refFile.string(), kMaxRefBytes, text, error))
            throw InputError(error);
        while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' '))
            text.pop_back();
        if (!isCommitHash(text))
            throw InputError(jsonguard::oneLine(refFile.string())
                + ": malformed ref, expected one 40-hex commit hash (the cache is damaged or not Hugging Face's)");
        return text;
    }

} // namespace

fs::path HfCache::defaultRoot()
{
    if (const auto hub = envValue("HF_HUB_CACHE"); !hub.empty())
        return fs::path(hub);
    if (const auto home = envValue("HF_HOME"); !home.empty())
        return fs::path(home) / "hub";
    if (const auto home = envValue("HOME"); !home.empty())
        return fs::path(home) / ".cache" / "huggingface" / "hub";
    return {};
}

std::string HfCache::rootOrigin()
{
    if (!envValue("HF_HUB_CACHE").empty())
        return "$HF_HUB_CACHE";
    if (!envValue("HF_HOME").empty())
        return "$HF_HOME/hub";
    return "the default ~/.cache/huggingface/hub; set HF_HUB_CACHE or HF_HOME for another";
}

bool HfCache::isModelId(const std::string& text) { return parseId(text, true).has_value(); }

HfSnapshot HfCache::resolve(const std::string& text, const fs::path& givenRoot)
{
    const auto id = parseId(text, false);
    if (!id)
        throw InputError("'" + jsonguard::oneLine(text, 120)
            + "' is not a Hugging Face model id: expected ORG/NAME or ORG/NAME@REVISION (letters, digits, '-', '_', "
              "'.'; no '..')");
    const fs::path root = givenRoot.empty() ? defaultRoot() : givenRoot;
    const std::string origin = givenRoot.empty() ? rootOrigin() : std::string("as given");
    if (root.empty())
        throw InputError("no Hugging Face cache folder: HF_HUB_CACHE, HF_HOME and HOME are all unset");
    const std::string repoId = id->org.empty() ? id->name : id->org + "/" + id->name;
    const fs::path repo = root / folderName(*id);
    std::error_code ec;
    if (!fs::is_directory(repo, ec))
        // The cache folder comes from $HF_HUB_CACHE / $HF_HOME / $HOME: its paths are printed escaped.
        throw InputError(repoId + " is not in the local Hugging Face cache: no " + shownPath(repo) + " (cache folder "
            + shownPath(root) + ", " + origin + "); nothing is downloaded");

    HfSnapshot s;
    s.id = repoId;
    s.revision = id->revision.empty() ? std::string("main") : id->revision;
    const fs::path snapshots = repo / "snapshots";
    const fs::path refFile = repo / "refs" / fs::path(s.revision);
    if (isCommitHash(s.revision) && fs::is_directory(snapshots / s.revision, ec)) {
        s.commit = s.revision; // a commit named directly
    } else if (fs::exists(fs::symlink_status(refFile, ec)) && !fs::is_directory(refFile, ec)) {
        s.commit = readRef(refFile); // a FIFO or a device there is refused by name, never waited on
    } else {
        throw InputError("revision '" + s.revision + "' of " + repoId + " is not in the local Hugging Face cache: no "
            + shownPath(refFile) + " and no snapshot of that name (cached revisions: " + joined(listRefs(repo)) + ")");
    }
    s.folder = snapshots / s.commit;
    if (!fs::is_directory(s.folder, ec))
        throw InputError(repoId + "@" + s.revision + " points to commit " + s.commit + " but " + shownPath(s.folder)
            + " is missing: an incomplete download");
    if (fs::is_regular_file(s.folder / "config.json", ec))
        s.config = s.folder / "config.json";
    std::size_t seen = 0;
    for (fs::directory_iterator it(s.folder, ec), end; !ec && it != end && ++seen <= kMaxEntriesScanned;
         it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (name.ends_with(".safetensors") || name.ends_with(".safetensors.index.json"))
            s.safetensors = s.folder;
        else if (name.ends_with(".gguf"))
            s.ggufFiles.push_back(it->path());
    }
    std::sort(s.ggufFiles.begin(), s.ggufFiles.end());
    return s;
}

std::vector<HfCachedModel> HfCache::list(const fs::path& givenRoot)
{
    std::vector<HfCachedModel> models;
    const fs::path root = givenRoot.empty() ? defaultRoot() : givenRoot;
    std::error_code ec;
    if (root.empty() || !fs::is_directory(root, ec))
        return models;
    std::size_t seen = 0;
    for (fs::directory_iterator it(root, ec), end; !ec && it != end; it.increment(ec)) {
        if (++seen > kMaxEntriesScanned || models.size() >= kMaxListed)
            break;
        const std::string name = it->path().filename().string();
        constexpr std::string_view kPrefix = "models--";
        if (!name.starts_with(kPrefix) || !it->is_directory(ec))
            continue;
        const std::string rest = name.substr(kPrefix.size());
        const auto sep = rest.find("--");
        HfCachedModel m;
        m.id = sep == std::string::npos ? rest : rest.substr(0, sep) + "/" + rest.substr(sep + 2);
        if (!parseId(m.id, false))
            continue; // not a folder huggingface_hub would write
        m.folder = it->path();
        m.refs = listRefs(m.folder);
        fs::path only;
        for (fs::directory_iterator s(m.folder / "snapshots", ec), send; !ec && s != send; s.increment(ec)) {
            if (s->is_directory(ec)) {
                ++m.snapshots;
                only = s->path();
            }
            if (m.snapshots > kMaxEntriesScanned)
                break;
        }
        ec.clear();
        try {
            m.hasConfig = !resolve(m.id, root).config.empty();
        } catch (const InputError&) {
            m.hasConfig = m.snapshots == 1 && fs::is_regular_file(only / "config.json", ec);
        }
        models.push_back(std::move(m));
    }
    std::sort(models.begin(), models.end(), [](const auto& a, const auto& b) { return a.id < b.id; });
    return models;
}

} // namespace iteragpu::model

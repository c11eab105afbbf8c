import BeeStore

/// A blog's author.
struct Author: ActiveRecord, Sendable {
    var id: Int64?
    var name: String
}

/// A reader's comment on a post.
struct Comment: ActiveRecord, Sendable {
    var id: Int64?
    var commenter: String
    var text: String
}

/// A blog post: `author` is a belongs-to relation (the column `author_id`), `comments`
/// a has-many relation kept in order in the link table `blog_post_comments`.
struct BlogPost: ActiveRecord, Sendable {
    var id: Int64?
    var title: String
    var views: Int
    var author: Author
    var comments: [Comment]
}
